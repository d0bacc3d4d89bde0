// JSX typings for Solid: `import type {} from 'wallet-connect-modal/solid'` once in the app.
// Listen with `on:wallet-connect={(e) => …}` (Solid's listener for any event name).
import type { JSX } from 'solid-js';
import type {
  WalletConnectButtonAttributes,
  WalletConnectButtonElement,
  WalletConnectModalAttributes,
  WalletConnectModalElement,
  WalletEventHandlers,
} from '../dist/index.js';

type Props<E, A> = Omit<JSX.HTMLAttributes<E>, keyof A> & A;

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
      'wallet-connect-modal': Props<WalletConnectModalElement, WalletConnectModalAttributes & WalletEventHandlers<'on:'>>;
      'wallet-connect-button': Props<WalletConnectButtonElement, WalletConnectButtonAttributes>;
    }
  }
}
