import * as z from 'zod/mini';
import { evmCaip2, isEvmAddress } from '../../core/caip.js';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import type { NetworkInfo } from '../../core/networks.js';
import type { ConnectResult, ConnectorListeners, EvmConnector } from '../types.js';
import type { InjectedWallet } from './eip6963.js';
import { forwardProviderEvents } from './provider-events.js';

const accountsSchema = z.array(z.string().check(z.refine(isEvmAddress)));
const chainIdSchema = z.union([
  z.string().check(z.regex(/^0x[0-9a-fA-F]+$|^\d+$/)),
  z.number().check(z.int(), z.positive()),
]);

function parse<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new WidgetError('INVALID_RESPONSE', t('error.invalidResponse'), { details: `${what}: ${JSON.stringify(value)}` });
}

const toCaip2 = (value: unknown) => evmCaip2(String(parse(chainIdSchema, value, 'eth_chainId')));

// Reading a wallet's refusal, and switching chains, are needed only once a visitor acts: their code is a chunk.
const foreignErrors = () => import('../../core/foreign-errors.js');

/** A browser-extension wallet on EVM, found through EIP-6963 (or `window.ethereum`). */
export function createInjectedConnector(wallet: InjectedWallet): EvmConnector {
  const { provider, info } = wallet;
  const request = <T = unknown>(method: string, params?: unknown[]) => provider.request({ method, params }) as Promise<T>;

  async function session(method: 'eth_requestAccounts' | 'eth_accounts'): Promise<ConnectResult> {
    const accounts = parse(accountsSchema, await request(method), method);
    const chainId = toCaip2(await request('eth_chainId'));
    return { accounts, chainId };
  }

  return {
    id: `injected:${info.rdns}`,
    name: info.name,
    icon: info.icon,
    type: 'injected',
    namespace: 'eip155',
    getProvider: () => provider,

    async connect() {
      try {
        const result = await session('eth_requestAccounts');
        if (result.accounts.length === 0) throw new WidgetError('CONNECTION_REJECTED', t('error.connectionRejected'));
        return result;
      } catch (error) {
        throw (await foreignErrors()).toWidgetError(error, 'connect');
      }
    },

    async restore() {
      try {
        const result = await session('eth_accounts');
        return result.accounts.length > 0 ? result : undefined;
      } catch {
        return undefined;
      }
    },

    async disconnect() {
      // EIP-2255 revocation where the wallet has it; a wallet without it simply keeps its grant.
      try {
        await request('wallet_revokePermissions', [{ eth_accounts: {} }]);
      } catch (error) {
        const { isUnsupportedMethod, toWidgetError } = await foreignErrors();
        if (!isUnsupportedMethod(error)) throw toWidgetError(error, 'disconnect');
      }
    },

    subscribe: (listeners: ConnectorListeners) =>
      forwardProviderEvents(provider, listeners, {
        accounts: (value) => {
          const parsed = accountsSchema.safeParse(value);
          return parsed.success ? parsed.data : undefined;
        },
        chain: (value) => {
          const parsed = chainIdSchema.safeParse(value);
          return parsed.success ? evmCaip2(String(parsed.data)) : undefined;
        },
      }),

    switchChain: async (network: NetworkInfo) =>
      (await import('./switch-chain.js')).switchEvmChain(request, network, async () => toCaip2(await request('eth_chainId'))),
  };
}
