import type { Caip2 } from '../../core/caip.js';

/**
 * Wallet Standard names Solana clusters `solana:mainnet`, `solana:devnet`, `solana:testnet`, `solana:localnet`;
 * CAIP-2 names them by genesis-hash prefix. A wallet may list either form.
 */
const CLUSTERS: Record<string, string> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VoAgqkn': 'solana:devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
};

/** The Wallet Standard chain for a CAIP-2 id: a well-known cluster's name, else `solana:localnet`. */
export const standardChain = (id: Caip2): `solana:${string}` => (CLUSTERS[id] ?? 'solana:localnet') as `solana:${string}`;

/** Whether a wallet listing `chains` serves the CAIP-2 network `id` (by its CAIP-2 id or its cluster name). */
export const servesChain = (chains: readonly string[], id: Caip2): boolean => chains.includes(id) || chains.includes(standardChain(id));

/**
 * The network a Solana connection starts on: the first of `networks` (the default first) that the wallet
 * serves, else the first `solana:` one. Wallet Standard has no "current chain": the widget chooses.
 */
export function pickSolanaChain(chains: readonly string[], networks: readonly Caip2[]): Caip2 | undefined {
  const solana = networks.filter((id) => id.startsWith('solana:'));
  return solana.find((id) => servesChain(chains, id)) ?? solana[0];
}
