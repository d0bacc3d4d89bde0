// JSX typings for Preact: `import type {} from 'wallet-connect-modal/preact'` once in the app.
// Preact listens to `on<event>` props on custom elements (`onwallet-connect`).
import type { JSX } from 'preact';
import type {
  WalletConnectButtonAttributes,
  WalletConnectButtonElement,
  WalletConnectModalAttributes,
  WalletConnectModalElement,
  WalletEventHandlers,
} from '../dist/index.js';

type Props<E extends EventTarget, A> = Omit<JSX.HTMLAttributes<E>, keyof A> & A;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'wallet-connect-modal': Props<WalletConnectModalElement, WalletConnectModalAttributes & WalletEventHandlers<'on'>>;
      'wallet-connect-button': Props<WalletConnectButtonElement, WalletConnectButtonAttributes>;
    }
  }
}
