// The dev wallet as a Wallet Standard wallet (https://github.com/wallet-standard/wallet-standard) for
// Solana: standard:connect / disconnect / events and solana:signMessage / signTransaction /
// signAndSendTransaction. Consent goes through the same approval queue, prompt and request log as the
// EIP-1193 provider; errors are the same ProviderRpcErrors (4001 rejected, 4100 not connected).
import { base58 } from '@scure/base';
import type { SolanaSignAndSendTransactionInput, SolanaSignMessageInput, SolanaSignTransactionInput } from '@solana/wallet-standard-features';
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';
import type { StandardConnectInput, StandardEventsListeners, StandardEventsNames } from '@wallet-standard/features';
import { ReadonlyWalletAccount } from '@wallet-standard/wallet';
import { bytesToHex } from 'viem';
import type { ApprovalQueue } from '../approvals.js';
import { describeMessage } from '../describe.js';
import { chainDisconnected, disconnected, invalidParams, unauthorized } from '../errors.js';
import { type Confirm, loggedRequest } from '../logged-request.js';
import type { RequestLogEntry } from '../types.js';
import { sendWireTransaction } from './send.js';
import type { SolanaState } from './state.js';
import { describeSolanaTransaction, firstSignature, signWireTransaction } from './transaction.js';

export const describeSolanaConnect = (host: string) => `Connect to ${host} (Solana)`;

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const;

export interface SolanaWalletDeps {
  name: string;
  icon: WalletIcon;
  state: SolanaState;
  approvals: ApprovalQueue;
  log: RequestLogEntry[];
  host: string;
  /** True once the wallet is uninstalled: every feature then fails with 4900. */
  removed(): boolean;
}

/** The EIP-6963 icon as a Wallet Standard one (which must be a base64 data URI). */
export function standardIcon(icon: string, fallback: WalletIcon): WalletIcon {
  if (/^data:image\/(svg\+xml|webp|png|gif);base64,/.test(icon)) return icon as WalletIcon;
  const svg = /^data:image\/svg\+xml(;charset=[^,;]+)?,(.*)$/s.exec(icon);
  if (!svg) return fallback;
  const bytes = new TextEncoder().encode(decodeURIComponent(svg[2]!));
  return `data:image/svg+xml;base64,${btoa(String.fromCharCode(...bytes))}`;
}

export function createSolanaWallet({ name, icon, state, approvals, log, host, removed }: SolanaWalletDeps): Wallet {
  const chains = state.chains.map((c) => c.chain) as IdentifierString[];
  let cached: { address: string; account: WalletAccount } | undefined;
  const walletAccount = () => {
    const { address, publicKey } = state.account;
    if (cached?.address !== address) {
      cached = { address, account: new ReadonlyWalletAccount({ address, publicKey, chains, features: [...FEATURES] }) };
    }
    return cached.account;
  };
  const accounts = () => (state.authorized && !removed() ? [walletAccount()] : []);

  /** Runs one request through the provider's logging and consent (logged-request.ts); refused once uninstalled. */
  const run = <T>(method: string, params: unknown, body: (confirm: Confirm) => Promise<T>): Promise<T> =>
    loggedRequest(approvals, log, method, params, (confirm) => {
      if (removed()) throw disconnected();
      return body(confirm);
    });

  /** The input's account must be the connected one. */
  const requireAccount = (account: WalletAccount | undefined) => {
    if (!state.authorized || !account || account.address !== state.account.address) throw unauthorized();
    return state.account;
  };

  let connecting: Promise<void> | undefined;
  const connect = async ({ silent }: StandardConnectInput = {}) => {
    const params = { silent: Boolean(silent) };
    return run('standard:connect', params, async (confirm) => {
      if (!state.authorized && !silent) {
        connecting ??= confirm('connect', describeSolanaConnect(host), async () => state.authorize()).finally(() => (connecting = undefined));
        await connecting;
      }
      return { accounts: accounts() };
    });
  };

  const signMessage = (...inputs: readonly SolanaSignMessageInput[]) =>
    run('solana:signMessage', inputs.map((i) => ({ account: i.account?.address, message: base58.encode(i.message) })), async (confirm) => {
      const outputs = [];
      for (const { account, message } of inputs) {
        const signer = requireAccount(account);
        if (!(message instanceof Uint8Array)) throw invalidParams('message must be a Uint8Array');
        const signature = await confirm('sign', describeMessage(bytesToHex(message)), async () => signer.sign(message));
        outputs.push({ signedMessage: message, signature, signatureType: 'ed25519' as const });
      }
      return outputs;
    });

  const checkChain = (chain: string | undefined) => {
    if (chain !== undefined && !state.chain(chain)) throw invalidParams(`unknown chain ${chain}`);
  };

  const signTransaction = (...inputs: readonly SolanaSignTransactionInput[]) =>
    run('solana:signTransaction', inputs.map((i) => ({ account: i.account?.address, chain: i.chain })), async (confirm) => {
      const outputs = [];
      for (const { account, transaction, chain } of inputs) {
        const signer = requireAccount(account);
        checkChain(chain);
        const summary = describeSolanaTransaction(transaction, false);
        const signedTransaction = await confirm('sign-transaction', summary, async () => signWireTransaction(transaction, signer.publicKey, signer.sign));
        outputs.push({ signedTransaction });
      }
      return outputs;
    });

  const signAndSendTransaction = (...inputs: readonly SolanaSignAndSendTransactionInput[]) =>
    run('solana:signAndSendTransaction', inputs.map((i) => ({ account: i.account?.address, chain: i.chain, options: i.options })), async (confirm) => {
      const outputs = [];
      for (const { account, transaction, chain, options } of inputs) {
        const signer = requireAccount(account);
        checkChain(chain);
        const target = state.chain(chain ?? chains[0]!);
        if (!target?.rpcUrl) throw chainDisconnected(chain ?? chains[0]!, 'the wallet has no RPC URL for it');
        const summary = describeSolanaTransaction(transaction, true);
        const signature = await confirm('send', summary, async () => {
          const signed = signWireTransaction(transaction, signer.publicKey, signer.sign);
          const sent = await sendWireTransaction(target, signed, options);
          const own = firstSignature(signed);
          if (base58.encode(own) !== sent) throw new Error(`the node answered signature ${sent}, expected ${base58.encode(own)}`);
          return own;
        });
        outputs.push({ signature });
      }
      return outputs;
    });

  const on = <E extends StandardEventsNames>(event: E, listener: StandardEventsListeners[E]) =>
    event === 'change' ? state.onChange(listener as (p: { accounts?: readonly unknown[] }) => void) : () => {};

  const wallet: Wallet = {
    version: '1.0.0',
    name,
    icon,
    chains,
    get accounts() {
      return accounts();
    },
    features: {
      'standard:connect': { version: '1.0.0', connect },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: () => run('standard:disconnect', undefined, async () => void state.forget()),
      },
      'standard:events': { version: '1.0.0', on },
      'solana:signMessage': { version: '1.1.0', signMessage },
      'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction },
      'solana:signAndSendTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signAndSendTransaction },
    },
  };
  return wallet;
}
