import { computed } from 'nanostores';
import { $config } from './config.js';
import { $chainSupported, $connected } from './connection.js';
import { $route } from './route.js';
import { $siwxSession } from './siwx-session.js';

/**
 * docs/specification.md#states: UnsupportedChain cannot be dismissed while the wallet is on an unsupported chain, unless allowed;
 * SIWXSignMessage cannot while sign-in is required and there is no session (docs/specification.md#validation).
 */
export const $dismissible = computed(
  [$route, $connected, $chainSupported, $config, $siwxSession],
  (route, connected, supported, config, session) =>
    !(route.view === 'UnsupportedChain' && connected && !supported && !config.allowUnsupportedChain) && !(route.view === 'SIWXSignMessage' && config.siwxRequired && !session),
);
