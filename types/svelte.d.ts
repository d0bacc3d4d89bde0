// Template typings for Svelte 5 (svelte-check): `import type {} from 'wallet-connect-modal/svelte'` once in the app.
// Listen with `onwallet-connect={(e) => …}`.
import type { HTMLAttributes } from 'svelte/elements';
import type {
  WalletConnectButtonAttributes,
  WalletConnectButtonElement,
  WalletConnectModalAttributes,
  WalletConnectModalElement,
  WalletEventHandlers,
} from '../dist/index.js';

type Props<E extends EventTarget, A> = Omit<HTMLAttributes<E>, keyof A> & A;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'wallet-connect-modal': Props<WalletConnectModalElement, WalletConnectModalAttributes & WalletEventHandlers<'on'>>;
    'wallet-connect-button': Props<WalletConnectButtonElement, WalletConnectButtonAttributes>;
  }
}
