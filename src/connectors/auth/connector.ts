import { base58Decode, base58Encode } from '../../core/base58.js';
import { type Caip2, evmChainId, toHexChainId } from '../../core/caip.js';
import { WidgetError } from '../../core/errors.js';
import { JsonRpcErrorCode, ProviderErrorCode } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import '../../core/messages-auth.js';
import type { NetworkInfo } from '../../core/networks.js';
import { ProviderRpcError, toProviderRpcError } from '../../core/provider-rpc-error.js';
import { type SolanaNow, solanaHostProvider } from '../solana/host-provider.js';
import { fromBase64, toBase64 } from '../solana/wire.js';
import type { ConnectResult, ConnectorListeners, Eip1193Provider, EvmConnector, SolanaConnector, SolanaHostProvider } from '../types.js';
import type { FrameClient } from './frame-client.js';

/** The signed-in user as the secure service tells it (`get_user`, `email_verify`): docs/specification.md#data `user`. */
export interface AuthUser {
  /** Absent for a social login whose provider gave none. */
  email?: string | undefined;
  /** The provider of a social login (docs/specification.md#data `socialProvider`). */
  socialProvider?: string | undefined;
  address: string;
  accounts: { namespace: string; address: string; type: string }[];
}

export const AUTH_ID = 'auth';
export const AUTH_SOLANA_ID = 'solana:auth';

/** Methods that sign: each goes to the frame, which shows ApproveTransaction and signs only after Approve. */
export const SIGNING_METHODS = ['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_grantPermissions'] as const;

export interface AuthConnectorOptions {
  /** The EVM network to start on. */
  evmChain: Caip2;
  /** The EVM networks the visitor may switch to (`networks`). */
  evmChains(): readonly Caip2[];
  /** The Solana networks served (`networks`). */
  solanaChains(): readonly Caip2[];
  /** The Solana connection as it is, for `getProvider('solana')`. */
  solanaNow: SolanaNow;
  /** The EVM network changed (kept for a reload). */
  onChain?(chainId: Caip2): void;
  /** The login ended (disconnect from either side): close the frame, forget the user. */
  onEnd(): void;
  /** A transaction the frame sent as a smart account's user operation: the bundle's hash and the operation's. */
  onUserOperation?(transactionHash: string, userOpHash: string): void;
  /** A transaction the frame sent for the host page (eth_sendTransaction answered with its hash). */
  onSent?(transactionHash: string): void;
  /** The EVM account to start with when it is not the key's own (the smart account it owns). */
  evmAccount?: string | undefined;
}

export interface AuthConnectors {
  evm: EvmConnector;
  solana: SolanaConnector;
  /** Signs out of the frame once and ends both sides. */
  signOut(): Promise<void>;
  /** The EVM side now answers for `address` (the EOA or its smart account): `accountsChanged` to its followers. */
  setEvmAccount(address: string): void;
}

type Listener = (...args: unknown[]) => void;

const ended = () => new ProviderRpcError(ProviderErrorCode.disconnected, t('auth.notConnected'));
const account = (user: AuthUser, namespace: string) => user.accounts.find((a) => a.namespace === namespace)?.address ?? (namespace === 'eip155' ? user.address : undefined);

/**
 * One email login, two connections (like a WalletConnect session's sides): an EVM connector whose provider
 * answers accounts and the chain itself and sends every signing method to the secure frame, and a Solana
 * connector whose signatures go the same way (WalletConnect's Solana RPC shapes: base58 message and signature,
 * base64 transactions). Keys stay in the service; the frame asks the visitor before it signs. A rejection there
 * is EIP-1193 4001 for the host.
 */
/** The embedded wallet's EVM side: also prices a transaction from its smart account as the approval will. */
export interface AuthEvmConnector {
  /** The most a transaction from the smart account may cost (its user operation's limits × max fee per gas). */
  smartAccountFee(call: { chainId: Caip2; to: string; value: bigint; data?: `0x${string}` | undefined }): Promise<bigint>;
}

export const isAuthEvmConnector = (connector: unknown): connector is EvmConnector & AuthEvmConnector =>
  typeof (connector as Partial<AuthEvmConnector> | undefined)?.smartAccountFee === 'function';

export function createAuthConnectors(frame: FrameClient, user: AuthUser, options: AuthConnectorOptions): AuthConnectors {
  let chainId = options.evmChain;
  let over = false;
  let ending: Promise<void> | undefined;
  let evmAddress = options.evmAccount ?? account(user, 'eip155');
  const solanaAddress = account(user, 'solana');
  const emitter = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => emitter.get(event)?.forEach((listener) => listener(...args));
  const subscribers = { eip155: new Set<ConnectorListeners>(), solana: new Set<ConnectorListeners>() };

  async function rpc(method: string, params: unknown): Promise<unknown> {
    if (over) throw ended();
    try {
      return await frame.request('rpc', { method, params });
    } catch (error) {
      throw toProviderRpcError(error, JsonRpcErrorCode.internal);
    }
  }

  function setChain(next: Caip2) {
    if (next === chainId) return;
    chainId = next;
    options.onChain?.(next);
    emit('chainChanged', toHexChainId(evmChainId(next) ?? 0));
    subscribers.eip155.forEach((l) => l.chainChanged(next));
  }

  const provider: Eip1193Provider = {
    async request({ method, params }) {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return over || !evmAddress ? [] : [evmAddress];
        case 'eth_chainId':
          return toHexChainId(evmChainId(chainId) ?? 0);
        case 'wallet_switchEthereumChain':
        case 'wallet_addEthereumChain': {
          const hex = (Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined)?.chainId;
          const target = typeof hex === 'string' && /^0x[0-9a-f]+$/i.test(hex) ? (`eip155:${Number.parseInt(hex, 16)}` as Caip2) : undefined;
          if (!target) throw new ProviderRpcError(JsonRpcErrorCode.invalidParams, `${method}: params must be [{ chainId: "0x…" }]`);
          if (!options.evmChains().includes(target)) throw new ProviderRpcError(ProviderErrorCode.unrecognizedChain, `Unrecognized chain ${target}`);
          if (method === 'wallet_switchEthereumChain') setChain(target);
          return null;
        }
        case 'eth_sendTransaction': {
          // The network goes with the transaction, so the frame signs for the chain the visitor is on.
          const [tx, ...rest] = Array.isArray(params) ? params : [];
          const withChain = tx && typeof tx === 'object' && !('chainId' in tx) ? { ...tx, chainId: toHexChainId(evmChainId(chainId) ?? 0) } : tx;
          const answer = await rpc(method, [withChain, ...rest]);
          // From the smart account the frame answers the bundle's hash and the user operation's: the caller gets
          // the transaction hash (EIP-1193), `wallet-transaction` also the operation's.
          const sent = answer && typeof answer === 'object' ? (answer as { transactionHash?: unknown; userOpHash?: unknown }) : undefined;
          if (typeof sent?.transactionHash !== 'string') {
            if (typeof answer === 'string') options.onSent?.(answer);
            return answer;
          }
          if (typeof sent.userOpHash === 'string') options.onUserOperation?.(sent.transactionHash, sent.userOpHash);
          options.onSent?.(sent.transactionHash);
          return sent.transactionHash;
        }
        default:
          if ((SIGNING_METHODS as readonly string[]).includes(method)) return rpc(method, params);
          throw new ProviderRpcError(ProviderErrorCode.unsupportedMethod, `${method} is not supported by the email wallet`);
      }
    },
    on(event, listener) {
      const set = emitter.get(event) ?? new Set();
      set.add(listener as Listener);
      emitter.set(event, set);
      return provider;
    },
    removeListener(event, listener) {
      emitter.get(event)?.delete(listener as Listener);
      return provider;
    },
  };

  /** Signs out once (whichever side asked), then tells both sides' followers the connection is gone. */
  const signOut = (): Promise<void> =>
    (ending ??= (async () => {
      over = true;
      try {
        await frame.request('sign_out');
      } finally {
        emit('accountsChanged', []);
        emit('disconnect', ended());
        for (const set of Object.values(subscribers)) set.forEach((l) => l.disconnect());
        options.onEnd();
      }
    })());

  const grant = (address: string | undefined, on: Caip2 | undefined): ConnectResult | undefined => (over || !address || !on ? undefined : { accounts: [address], chainId: on });
  const notGranted = () => new WidgetError('NOT_CONNECTED', t('auth.notConnected'), { details: 'the email wallet has no account for this namespace' });
  const side = (namespace: 'eip155' | 'solana', address: () => string | undefined, on: () => Caip2 | undefined) => ({
    icon: undefined,
    type: 'auth' as const,
    name: t('auth.name'),
    async connect() {
      const result = grant(address(), on());
      if (!result) throw notGranted();
      return result;
    },
    restore: async () => grant(address(), on()),
    disconnect: signOut,
    subscribe(listeners: ConnectorListeners) {
      subscribers[namespace].add(listeners);
      return () => subscribers[namespace].delete(listeners);
    },
  });

  const evm: EvmConnector & AuthEvmConnector = {
    id: AUTH_ID,
    namespace: 'eip155',
    ...side('eip155', () => evmAddress, () => chainId),
    getProvider: () => provider,
    async smartAccountFee(call) {
      if (over) throw ended();
      const answer = (await frame.request('smart_account_fee', { chainId: call.chainId, to: call.to, value: `0x${call.value.toString(16)}`, ...(call.data ? { data: call.data } : {}) })) as { fee?: unknown } | null;
      if (typeof answer?.fee !== 'string' || !/^0x[0-9a-f]{1,64}$/i.test(answer.fee)) throw new Error(`smart_account_fee: ${JSON.stringify(answer)}`);
      return BigInt(answer.fee);
    },
    async switchChain(network: NetworkInfo) {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHexChainId(evmChainId(network.id) ?? 0) }] }).catch((error: unknown) => {
        throw new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain'), { details: network.id, cause: error });
      });
    },
  };

  const solanaRpc = async (method: string, params: Record<string, unknown>) => {
    if (over) throw ended();
    return frame.request('rpc', { method, params }).catch((error: unknown) => {
      throw toProviderRpcError(error, JsonRpcErrorCode.internal);
    });
  };
  const bad = (method: string, answer: unknown) => new WidgetError('INVALID_RESPONSE', t('error.unknown'), { details: `${method}: ${JSON.stringify(answer)}` });
  const signatureOf = (method: string, answer: unknown) => {
    const text = (answer as { signature?: unknown } | null)?.signature;
    const bytes = typeof text === 'string' ? base58Decode(text) : undefined;
    if (bytes?.length !== 64) throw bad(method, answer);
    return bytes;
  };
  let hostProvider: SolanaHostProvider | undefined;
  const solana: SolanaConnector = {
    id: AUTH_SOLANA_ID,
    namespace: 'solana',
    ...side('solana', () => solanaAddress, () => options.solanaChains()[0]),
    serves: (id) => options.solanaChains().includes(id),
    async signMessage(message) {
      const method = 'solana_signMessage';
      return signatureOf(method, await solanaRpc(method, { message: base58Encode(message), pubkey: solanaAddress }));
    },
    async signTransaction(transaction, on) {
      const method = 'solana_signTransaction';
      const answer = await solanaRpc(method, { transaction: toBase64(transaction), chainId: on });
      const signed = fromBase64((answer as { transaction?: unknown } | null)?.transaction);
      if (!signed) throw bad(method, answer);
      return signed;
    },
    async signAndSendTransaction(transaction, on) {
      const method = 'solana_signAndSendTransaction';
      return signatureOf(method, await solanaRpc(method, { transaction: toBase64(transaction), chainId: on }));
    },
    get hostProvider() {
      return (hostProvider ??= solanaHostProvider(solana, options.solanaNow));
    },
  };

  const setEvmAccount = (address: string): void => {
    if (over || address === evmAddress) return;
    evmAddress = address;
    emit('accountsChanged', [address]);
    subscribers.eip155.forEach((l) => l.accountsChanged([address]));
  };
  return { evm, solana, signOut, setEvmAccount };
}
