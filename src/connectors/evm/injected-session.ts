import * as z from 'zod/mini';
import { evmCaip2 } from '../../core/caip.js';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import '../../core/messages-errors.js';
import type { NetworkInfo } from '../../core/networks.js';
import type { ConnectResult, Eip1193Provider, EvmConnector } from '../types.js';
import { accountsSchema, chainIdSchema } from './injected.js';

function parse<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new WidgetError('INVALID_RESPONSE', t('error.invalidResponse'), { details: `${what}: ${JSON.stringify(value)}` });
}

const toCaip2 = (value: unknown) => evmCaip2(String(parse(chainIdSchema, value, 'eth_chainId')));

// Reading a wallet's refusal, and switching chains, are needed only once a visitor acts: their code is a chunk.
const foreignErrors = () => import('../../core/foreign-errors.js');

/** What an injected wallet's connector does once the visitor uses it (a chunk; `injected.ts` is the part in the entry). */
export type InjectedSession = Pick<EvmConnector, 'connect' | 'restore' | 'disconnect' | 'switchChain'>;

export function injectedSession(provider: Eip1193Provider): InjectedSession {
  const request = <T = unknown>(method: string, params?: unknown[]) => provider.request({ method, params }) as Promise<T>;

  async function session(method: 'eth_requestAccounts' | 'eth_accounts'): Promise<ConnectResult> {
    const accounts = parse(accountsSchema, await request(method), method);
    const chainId = toCaip2(await request('eth_chainId'));
    return { accounts, chainId };
  }

  return {
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

    switchChain: async (network: NetworkInfo) =>
      (await import('./switch-chain.js')).switchEvmChain(request, network, async () => toCaip2(await request('eth_chainId'))),
  };
}
