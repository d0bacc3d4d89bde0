// JSX typings for React 19: `import type {} from 'wallet-connect-modal/react'` once in the app.
// React 19 sets a custom element's properties and listens to `on<event>` props (`onwallet-connect`).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type {
  WalletConnectButtonAttributes,
  WalletConnectButtonElement,
  WalletConnectModalAttributes,
  WalletConnectModalElement,
  WalletEventHandlers,
} from '../dist/index.js';

type Props<E, A> = Omit<DetailedHTMLProps<HTMLAttributes<E>, E>, keyof A> & A;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'wallet-connect-modal': Props<WalletConnectModalElement, WalletConnectModalAttributes & WalletEventHandlers<'on'>>;
      'wallet-connect-button': Props<WalletConnectButtonElement, WalletConnectButtonAttributes>;
    }
  }
}
