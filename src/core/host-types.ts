import type { Caip2 } from './caip.js';
import type { Feature, Social, SiwxKeep, Theme } from './config.js';
import type { WalletEventDetails, WalletEventName } from './events.js';

type List<T extends string> = T | `${T},${string}`;

/**
 * The attributes of `<wallet-connect-modal>` as markup writes them, for the JSX and template typings
 * (`wallet-connect-modal/react`, `/preact`, `/vue`, `/svelte`, `/solid`). Lists are comma-separated strings.
 */
export interface WalletConnectModalAttributes {
  /** Comma-separated CAIP-2 ids. */
  networks?: string;
  'default-network'?: Caip2;
  'project-id'?: string;
  'relay-url'?: string;
  'api-url'?: string;
  'directory-url'?: string;
  'auth-url'?: string;
  'siwx-url'?: string;
  'analytics-url'?: string;
  'terms-url'?: string;
  'privacy-url'?: string;
  'siwx-required'?: boolean;
  'siwx-email-capture'?: boolean;
  'siwx-keep-session'?: List<SiwxKeep>;
  /** JSON: CAIP-2 id → http(s) RPC URL. */
  'rpc-urls'?: string;
  /** JSON: CAIP-2 id → `{ name?, icon?, explorer?, nativeCurrency? }`. */
  'network-meta'?: string;
  features?: List<Feature>;
  socials?: List<Social>;
  theme?: Theme;
  'default-account-type'?: 'eoa' | 'smartAccount';
  'allow-unsupported-chain'?: boolean;
  lang?: string;
  open?: boolean;
}

/** The attributes of `<wallet-connect-button>`. */
export interface WalletConnectButtonAttributes {
  /** The `id` of the `<wallet-connect-modal>` it opens (default: the first in the document). */
  for?: string;
  theme?: Theme;
}

/**
 * Event handler props named `${Prefix}${event}`: React 19 and Preact take `onwallet-connect`, Solid
 * `on:wallet-connect`, Svelte `onwallet-connect` and `on:wallet-connect`.
 */
export type WalletEventHandlers<Prefix extends string> = {
  [K in WalletEventName as `${Prefix}${K}`]?: (event: CustomEvent<WalletEventDetails[K]>) => void;
};
