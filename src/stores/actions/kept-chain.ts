import type { Caip2, Namespace } from '../../core/caip.js';
import { $config } from '../config.js';
import { lastConnection } from '../last-connection.js';

/**
 * A Solana wallet comes back on its first network: the network the visitor was on before the reload, when
 * the widget kept one (`lastConnection`) that the wallet still serves and `networks` still lists.
 */
export function keptChain(namespace: Namespace, serves: (chainId: Caip2) => boolean): Caip2 | undefined {
  const kept = lastConnection(namespace).get()?.chainId as Caip2 | undefined;
  return kept && serves(kept) && $config.get().networks.includes(kept) ? kept : undefined;
}
