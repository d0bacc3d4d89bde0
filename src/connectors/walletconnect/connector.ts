import type { SessionTypes } from '@walletconnect/types';
import { type Caip2, evmChainId, toHexChainId } from '../../core/caip.js';
import { toWidgetError } from '../../core/foreign-errors.js';
import type { NetworkInfo } from '../../core/networks.js';
import { ProviderRpcError } from '../evm/provider-error.js';
import { forwardProviderEvents } from '../evm/provider-events.js';
import { switchEvmChain } from '../evm/switch-chain.js';
import type { ConnectResult, ConnectorListeners, Eip1193Provider, EvmConnector } from '../types.js';
import type { WalletConnectClient } from './client.js';
import { USER_DISCONNECTED, parseAccounts, parseEvmChain, sessionAccounts } from './session.js';

export { ProviderRpcError };

const toRpcError = (error: unknown, fallbackCode: number): ProviderRpcError => {
  if (error instanceof ProviderRpcError) return error;
  const { code, message, data } = (typeof error === 'object' && error ? error : {}) as { code?: unknown; message?: unknown; data?: unknown };
  const text = typeof message === 'string' && message ? message : String(error);
  return new ProviderRpcError(typeof code === 'number' ? code : fallbackCode, text, data);
};

export interface WalletConnectSession {
  /** The id the widget knows the wallet by: its directory id, or "walletconnect". */
  id: string;
  name: string;
  icon?: string | undefined;
  topic: string;
  chainId: Caip2;
}

type Listener = (...args: unknown[]) => void;

/**
 * A wallet connected over WalletConnect, as an EVM connector: requests the host makes through the provider
 * go to the wallet (`client.request` on the current chain); the wallet's events come back as the provider's
 * `chainChanged` / `accountsChanged` / `disconnect`. `onChange` reports the current chain for persistence,
 * `onEnd` the end of the session (from either side).
 */
export function createWalletConnectConnector(
  client: WalletConnectClient,
  init: WalletConnectSession,
  { onChange, onEnd }: { onChange(session: WalletConnectSession): void; onEnd(): void },
): EvmConnector {
  const state = { ...init };
  const emitter = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => emitter.get(event)?.forEach((listener) => listener(...args));

  const session = (): SessionTypes.Struct | undefined => {
    try {
      return client.session.get(state.topic);
    } catch {
      return undefined;
    }
  };
  const accountsOn = (chainId: Caip2): string[] => {
    const current = session();
    return current ? (sessionAccounts(current).get(chainId) ?? []) : [];
  };

  function setChain(chainId: Caip2) {
    if (chainId === state.chainId) return;
    state.chainId = chainId;
    onChange({ ...state });
    emit('chainChanged', toHexChainId(evmChainId(chainId) ?? 0));
    const accounts = accountsOn(chainId);
    if (accounts.length > 0) emit('accountsChanged', accounts);
  }

  async function send(method: string, params: unknown): Promise<unknown> {
    if (!session()) throw new ProviderRpcError(4900, 'The WalletConnect session has ended');
    try {
      return await client.request({ topic: state.topic, chainId: state.chainId, request: { method, params } });
    } catch (error) {
      // The SDK refuses methods the wallet did not approve before sending anything.
      const message = error instanceof Error ? error.message : '';
      throw toRpcError(error, /method/i.test(message) ? 4200 : -32603);
    }
  }

  const provider: Eip1193Provider = {
    async request({ method, params }) {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return accountsOn(state.chainId);
        case 'eth_chainId':
          return toHexChainId(evmChainId(state.chainId) ?? 0);
        case 'wallet_switchEthereumChain': {
          const target = parseEvmChain((Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined)?.chainId);
          if (!target) throw new ProviderRpcError(-32602, 'wallet_switchEthereumChain: params must be [{ chainId: "0x…" }]');
          if (target === state.chainId) return null;
          const answer = await send(method, params);
          setChain(target);
          return answer ?? null;
        }
        default:
          return send(method, params);
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

  const ended = () => {
    onEnd();
    emit('disconnect', new ProviderRpcError(4900, 'The WalletConnect session has ended'));
  };
  const onEvent = ({ topic, params }: { topic: string; params: { event: { name: string; data: unknown }; chainId: string } }) => {
    if (topic !== state.topic) return;
    if (params.event.name === 'chainChanged') {
      const chainId = parseEvmChain(params.event.data) ?? parseEvmChain(params.chainId);
      if (chainId) setChain(chainId);
    } else if (params.event.name === 'accountsChanged') {
      const accounts = parseAccounts(params.event.data);
      if (accounts) emit('accountsChanged', accounts);
    }
  };
  const onUpdate = ({ topic }: { topic: string }) => {
    if (topic === state.topic) emit('accountsChanged', accountsOn(state.chainId));
  };
  const onDelete = ({ topic }: { topic: string }) => {
    if (topic === state.topic) ended();
  };
  client.on('session_event', onEvent);
  client.on('session_update', onUpdate);
  client.on('session_delete', onDelete);
  client.on('session_expire', onDelete);

  const current = (): ConnectResult | undefined => {
    const accounts = accountsOn(state.chainId);
    return accounts.length > 0 ? { accounts, chainId: state.chainId } : undefined;
  };

  return {
    id: state.id,
    name: state.name,
    icon: state.icon,
    type: 'walletconnect',
    namespace: 'eip155',
    getProvider: () => provider,
    async connect() {
      const result = current();
      if (!result) throw toWidgetError(new ProviderRpcError(4900, 'The WalletConnect session has ended'), 'connect');
      return result;
    },
    restore: async () => current(),
    async disconnect() {
      client.off('session_event', onEvent);
      client.off('session_update', onUpdate);
      client.off('session_delete', onDelete);
      client.off('session_expire', onDelete);
      onEnd();
      if (!session()) return;
      try {
        await client.disconnect({ topic: state.topic, reason: USER_DISCONNECTED });
      } catch (error) {
        throw toWidgetError(error, 'disconnect');
      }
    },
    subscribe: (listeners: ConnectorListeners) => forwardProviderEvents(provider, listeners, { accounts: parseAccounts, chain: parseEvmChain }),
    switchChain: (network: NetworkInfo) => switchEvmChain((method, params) => provider.request({ method, params }), network, async () => state.chainId),
  };
}
