/** The local WalletConnect v2 relay: `startRelay()` (relay.ts) and the helpers tests use to act as a client. */
export { AUTH_CLOSE_CODE, startRelay, type Relay, type RelayOptions, type RelayStats } from './relay.js';
export { publicKeyToDidKey, didKeyToPublicKey, RelayAuthError, verifyRelayAuth } from './auth.js';
export { DEFAULT_LIMITS, LIMIT_EXCEEDED, type RelayLimits } from './limits.js';
