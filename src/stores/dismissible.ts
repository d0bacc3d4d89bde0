import { computed } from 'nanostores';
import { $config } from './config.js';
import { $chainSupported, $connected } from './connection.js';
import { $route } from './route.js';

/** SPEC.md §4: UnsupportedChain cannot be dismissed while the wallet is on an unsupported chain, unless allowed. */
export const $dismissible = computed(
  [$route, $connected, $chainSupported, $config],
  (route, connected, supported, config) => !(route.view === 'UnsupportedChain' && connected && !supported && !config.allowUnsupportedChain),
);
