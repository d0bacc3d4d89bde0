import { type Caip2, evmChainId, toHexChainId } from '../../core/caip.js';
import { JsonRpcErrorCode, ProviderErrorCode } from '../../core/foreign-errors.js';
import { ProviderRpcError, toProviderRpcError } from '../../core/provider-rpc-error.js';
import type { NetworkInfo } from '../../core/networks.js';
import { forwardProviderEvents } from '../evm/provider-events.js';
import { switchEvmChain } from '../evm/switch-chain.js';
import type { ConnectResult, ConnectorListeners, Eip1193Provider, EvmConnector } from '../types.js';
import type { WalletConnectClient } from './client.js';
import { parseAccounts, parseEvmChain, sessionAccounts } from './session.js';
import { sessionSide } from './session-side.js';

export { ProviderRpcError } from '../../core/provider-rpc-error.js';

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
 * The WalletConnect connector: an EVM connector that can also be let go of without ending the session.
 * `disconnect()` ends the session unless a Solana connection still uses it (`users.ts`).
 */
export interface WalletConnectConnector extends EvmConnector {
  /** Stops listening to the client (a connector that is not used, e.g. a restore that found no accounts). */
  release(): void;
}

const sessionEnded = () => new ProviderRpcError(ProviderErrorCode.disconnected, 'The WalletConnect session has ended');

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
): WalletConnectConnector {
  const state = { ...init };
  const emitter = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => emitter.get(event)?.forEach((listener) => listener(...args));

  const session = () => side.session();
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
    const current = session();
    if (!current) throw sessionEnded();
    // A method the wallet did not approve: refused here with its EIP-1193 code (the SDK would throw a bare Error).
    if (!(current.namespaces.eip155?.methods ?? []).includes(method)) {
      throw new ProviderRpcError(ProviderErrorCode.unsupportedMethod, `The wallet did not approve ${method} for this session`);
    }
    try {
      return await client.request({ topic: state.topic, chainId: state.chainId, request: { method, params } });
    } catch (error) {
      throw toProviderRpcError(error, JsonRpcErrorCode.internal);
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
          if (!target) throw new ProviderRpcError(JsonRpcErrorCode.invalidParams, 'wallet_switchEthereumChain: params must be [{ chainId: "0x…" }]');
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

  const onEvent = ({ params }: { params: { event: { name: string; data: unknown }; chainId: string } }) => {
    if (params.event.name === 'chainChanged') {
      const chainId = parseEvmChain(params.event.data) ?? parseEvmChain(params.chainId);
      if (chainId) setChain(chainId);
    } else if (params.event.name === 'accountsChanged') {
      const accounts = parseAccounts(params.event.data);
      if (accounts) emit('accountsChanged', accounts);
    }
  };
  const current = (): ConnectResult | undefined => {
    const accounts = accountsOn(state.chainId);
    return accounts.length > 0 ? { accounts, chainId: state.chainId } : undefined;
  };

  const side = sessionSide(client, state.topic, 'eip155', {
    current,
    update: () => emit('accountsChanged', accountsOn(state.chainId)),
    event: onEvent,
    end: onEnd,
    gone: () => emit('disconnect', sessionEnded()),
    ended: sessionEnded,
  });

  return {
    id: state.id,
    name: state.name,
    icon: state.icon,
    type: 'walletconnect',
    namespace: 'eip155',
    getProvider: () => provider,
    ...side.methods,
    subscribe: (listeners: ConnectorListeners) => forwardProviderEvents(provider, listeners, { accounts: parseAccounts, chain: parseEvmChain }),
    switchChain: (network: NetworkInfo) => switchEvmChain((method, params) => provider.request({ method, params }), network, async () => state.chainId),
  };
}
