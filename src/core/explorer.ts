import { type Caip2, namespaceOf } from './caip.js';
import { base58Decode } from './base58.js';
import { LOCAL_SOLANA_CHAIN_ID, type NetworkInfo, SOLANA_EXPLORER, networkInfo } from './networks.js';

/** explorer.solana.com's `cluster` for the Solana networks other than mainnet. */
const SOLANA_CLUSTERS: Record<string, string> = {
  'solana:EtWTRABZaYq6iMfeYKouRu166VoAgqkn': 'devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'testnet',
};

/** A transaction id of the network's kind: an EVM hash (32 bytes, hex), a Solana signature (64 bytes, base58). */
function isTransactionId(chainId: Caip2, hash: string): boolean {
  const namespace = namespaceOf(chainId);
  if (namespace === 'solana') return hash.length >= 64 && hash.length <= 88 && base58Decode(hash)?.length === 64;
  return namespace === 'eip155' ? /^0x[0-9a-fA-F]{64}$/.test(hash) : true;
}

/**
 * The page of transaction `hash` on the network's block explorer, with the explorer's host; undefined when it
 * has none, or `hash` is not a transaction id of the network's kind. `network` (default: the built-in
 * details) carries the site owner's explorer (`network-meta`) and RPC (`rpc-urls`). On explorer.solana.com a
 * Solana test cluster is named, and the local chain is a custom cluster at its RPC URL (no link without one).
 */
export function explorerLink(chainId: Caip2, hash: string, network: NetworkInfo = networkInfo(chainId)): { href: string; host: string } | undefined {
  const base = network.blockExplorerUrl;
  if (!base || !isTransactionId(chainId, hash)) return undefined;
  const url = new URL(`tx/${encodeURIComponent(hash)}`, base.endsWith('/') ? base : `${base}/`);
  if (base === SOLANA_EXPLORER) {
    const cluster = SOLANA_CLUSTERS[chainId];
    if (cluster) url.searchParams.set('cluster', cluster);
    else if (chainId === LOCAL_SOLANA_CHAIN_ID) {
      const rpcUrl = network.rpcUrls[0];
      if (!rpcUrl) return undefined;
      url.searchParams.set('cluster', 'custom');
      url.searchParams.set('customUrl', rpcUrl);
    }
  }
  return { href: url.href, host: url.hostname };
}
