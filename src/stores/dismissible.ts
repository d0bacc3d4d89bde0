import { computed } from 'nanostores';
import { $config } from './config.js';
import { $chainSupported, $connected } from './connection.js';
import { $route } from './route.js';
import { $siwxSession } from './siwx-session.js';

/**
 * SPEC.md §4: UnsupportedChain cannot be dismissed while the wallet is on an unsupported chain, unless allowed;
 * SIWXSignMessage cannot while sign-in is required and there is no session (SPEC.md §5).
 */
export const $dismissible = computed(
  [$route, $connected, $chainSupported, $config, $siwxSession],
  (route, connected, supported, config, session) =>
    !(route.view === 'UnsupportedChain' && connected && !supported && !config.allowUnsupportedChain) && !(route.view === 'SIWXSignMessage' && config.siwxRequired && !session),
);
