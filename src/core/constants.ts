/** Business constants of docs/specification.md#constants, named once. */

/** At most this many recent wallets are kept (docs/specification.md#constants). */
export const MAX_RECENT_WALLETS = 2;
/** Error reports (analytics, opt-in) are capped at 5 per minute (docs/specification.md#constants). */
export const ANALYTICS_ERRORS_PER_MINUTE = 5;
/** A toast that replaces another waits this long, so the change is seen (docs/specification.md#states). */
export const TOAST_REPLACE_DELAY_MS = 150;
/** How long success and error toasts stay before they go by themselves. */
export const TOAST_DURATION_MS = 4000;
/** How long reconnect waits for the remembered wallet to announce itself after a reload. */
export const RECONNECT_DISCOVERY_MS = 1500;
/** Cache lifetime of the native balance (docs/specification.md#constants). */
export const NATIVE_BALANCE_TTL_MS = 30_000;
/** Prefix of every key the widget writes to localStorage. */
export const STORAGE_PREFIX = 'wallet-connect-modal:';
/** After a failed balance call, no new attempt for this long (docs/specification.md#constants). */
export const BALANCE_RETRY_BLOCK_MS = 30_000;
/** A WalletConnect pairing URI is replaced by a fresh one after this long (docs/specification.md#constants). */
export const PAIRING_EXPIRY_MS = 4 * 60_000;
/** WalletConnect steps that wait on the relay (client start, publishing the proposal) give up after this long. */
export const RELAY_TIMEOUT_MS = 8_000;
/** Wallets per page of the AllWallets list (docs/specification.md#constants). */
export const WALLET_PAGE_SIZE = 40;
/** Recommended wallets shown first in AllWallets (docs/specification.md#constants). */
export const RECOMMENDED_WALLETS = 4;
/** Wallets a directory search answers with, at most (docs/specification.md#constants). */
export const SEARCH_RESULTS_SIZE = 100;
/** A wallet search starts from this many characters (docs/wire-formats.md#wallet-directory). */
export const MIN_SEARCH_LENGTH = 2;
/** Typing pauses this long before a wallet search is sent (docs/wire-formats.md#wallet-directory uses 500 ms). */
export const SEARCH_DEBOUNCE_MS = 350;
/** Wallet directory answers are reused this long (docs/specification.md#constants: data cache lifetime 5 minutes). */
export const DIRECTORY_CACHE_TTL_MS = 5 * 60_000;
/** The wallet id of WalletConnect's plain QR code: its Connect entry, and a connection made from it. */
export const WALLETCONNECT_ID = 'walletconnect';
/** A failed history call may be retried after this long, doubling with each failure in a row (docs/specification.md#constants)… */
export const RETRY_BACKOFF_BASE_MS = 1_000;
/** …up to this long (docs/specification.md#constants: "retry backoff up to 30 s"). */
export const RETRY_BACKOFF_MAX_MS = 30_000;

/** docs/specification.md#constants: the sign-in session is fetched again this often while the page is visible. */
export const SIWX_REFETCH_MS = 5 * 60_000;
