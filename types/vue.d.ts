// Template typings for Vue 3 (vue-tsc): `import type {} from 'wallet-connect-modal/vue'` once in the app, and
// `compilerOptions.isCustomElement: (tag) => tag.startsWith('wallet-connect-')` in the Vue compiler options.
// Listen with `@wallet-connect="(e) => …"`.
import type { DefineComponent } from 'vue';
import type {
  WalletConnectButtonAttributes,
  WalletConnectModalAttributes,
  WalletEventDetails,
  WalletEventName,
} from '../dist/index.js';

type CamelEvent<K extends string> = K extends `${infer A}-${infer B}` ? `${A}${Capitalize<CamelEvent<B>>}` : K;
type VueEventProps = { [K in WalletEventName as `on${Capitalize<CamelEvent<K>>}`]?: (event: CustomEvent<WalletEventDetails[K]>) => void };

declare module 'vue' {
  interface GlobalComponents {
    'wallet-connect-modal': DefineComponent<WalletConnectModalAttributes & VueEventProps>;
    'wallet-connect-button': DefineComponent<WalletConnectButtonAttributes>;
  }
}
