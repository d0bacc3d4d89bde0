import * as z from 'zod/mini';
import { evmCaip2, isEvmAddress } from '../../core/caip.js';
import type { EvmConnector } from '../types.js';
import type { InjectedWallet } from './eip6963.js';
import type { InjectedSession } from './injected-session.js';
import { forwardProviderEvents } from './provider-events.js';

export const accountsSchema = z.array(z.string().check(z.refine(isEvmAddress)));
export const chainIdSchema = z.union([
  z.string().check(z.regex(/^0x[0-9a-fA-F]+$|^\d+$/)),
  z.number().check(z.int(), z.positive()),
]);

/**
 * A browser-extension wallet on EVM, found through EIP-6963 (or `window.ethereum`). Listing and following it
 * cost the entry file only this: what it does once the visitor uses it (`injected-session.ts`) is a chunk.
 */
export function createInjectedConnector(wallet: InjectedWallet): EvmConnector {
  const { provider, info } = wallet;
  let loaded: InjectedSession | undefined;
  const session = async () => (loaded ??= (await import('./injected-session.js')).injectedSession(provider));

  return {
    id: `injected:${info.rdns}`,
    name: info.name,
    icon: info.icon,
    type: 'injected',
    namespace: 'eip155',
    getProvider: () => provider,
    connect: async () => (await session()).connect(),
    restore: async () => (await session()).restore(),
    disconnect: async () => (await session()).disconnect(),
    switchChain: async (network) => (await session()).switchChain(network),
    subscribe: (listeners) =>
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
  };
}
