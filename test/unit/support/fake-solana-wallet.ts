/**
 * A Wallet Standard Solana wallet whose answers each test scripts (https://github.com/wallet-standard/wallet-standard):
 * `standard:connect` (honouring `silent`), `standard:disconnect`, `standard:events` and the three Solana signing
 * features. `register()` puts it in the page's Wallet Standard registry as a real wallet would.
 */
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';

export const SOL_ALICE = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
export const SOL_BOB = '8qbHbw2BbbTHBW1sbeqakYXVKRQM8Ne7pLK7m6CVfeR';
export const SOL_ICON = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E' as WalletIcon;

export interface FakeSolanaWallet extends Wallet {
  calls: string[];
  /** Whether `standard:connect` (not silent) approves; a refusal throws a 4001 error. */
  approve: boolean;
  /** Whether the wallet still grants the page (a silent connect answers with the accounts). */
  granted: boolean;
  emitAccounts(addresses: string[]): void;
  register(): () => void;
}

export function fakeSolanaWallet(options: { name?: string; address?: string; chains?: `${string}:${string}`[]; signAndSend?: boolean } = {}): FakeSolanaWallet {
  const chains = options.chains ?? ['solana:mainnet', 'solana:devnet', 'solana:localnet'];
  const account = (address: string): WalletAccount => ({ address, publicKey: new Uint8Array(32), chains, features: ['solana:signMessage', 'solana:signTransaction'] });
  const listeners = new Set<(props: { accounts?: readonly WalletAccount[] }) => void>();
  const calls: string[] = [];
  let accounts: WalletAccount[] = [];
  const features: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      connect: async (input?: { silent?: boolean }) => {
        calls.push(input?.silent ? 'connect:silent' : 'connect');
        if (input?.silent ? !wallet.granted : !wallet.approve) {
          if (input?.silent) return { accounts: [] };
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        }
        wallet.granted = true;
        accounts = [account(options.address ?? SOL_ALICE)];
        return { accounts };
      },
    },
    'standard:disconnect': { version: '1.0.0', disconnect: async () => { calls.push('disconnect'); wallet.granted = false; accounts = []; } },
    'standard:events': { version: '1.0.0', on: (_: 'change', listener: (props: { accounts?: readonly WalletAccount[] }) => void) => (listeners.add(listener), () => listeners.delete(listener)) },
    'solana:signMessage': { version: '1.0.0', signMessage: async (...inputs: { message: Uint8Array }[]) => (calls.push('signMessage'), inputs.map((i) => ({ signedMessage: i.message, signature: new Uint8Array(64).fill(7) }))) },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async (...inputs: { transaction: Uint8Array; chain?: string }[]) => (calls.push(`signTransaction:${inputs[0]!.chain}`), inputs.map((i) => ({ signedTransaction: new Uint8Array([...i.transaction, 1]) }))),
    },
  };
  if (options.signAndSend !== false) {
    features['solana:signAndSendTransaction'] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: async (...inputs: { chain: string }[]) => (calls.push(`signAndSendTransaction:${inputs[0]!.chain}`), inputs.map(() => ({ signature: new Uint8Array(64).fill(9) }))),
    };
  }
  const wallet: FakeSolanaWallet = {
    version: '1.0.0',
    name: options.name ?? 'Fake Solana',
    icon: SOL_ICON,
    chains,
    features: features as Wallet['features'],
    get accounts() {
      return accounts;
    },
    calls,
    approve: true,
    granted: false,
    emitAccounts(addresses) {
      accounts = addresses.map(account);
      for (const listener of listeners) listener({ accounts });
    },
    register() {
      // The Wallet Standard's register-wallet event, as wallets dispatch it (and again on app-ready).
      let unregister = () => {};
      const callback = ({ register }: { register(...wallets: Wallet[]): () => void }) => {
        unregister = register(wallet);
      };
      window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet', { bubbles: false, cancelable: false, composed: false }), { detail: callback }));
      const onReady = (event: Event) => callback((event as Event & { detail: { register(...wallets: Wallet[]): () => void } }).detail);
      window.addEventListener('wallet-standard:app-ready', onReady);
      return () => {
        window.removeEventListener('wallet-standard:app-ready', onReady);
        unregister();
      };
    },
  };
  return wallet;
}
