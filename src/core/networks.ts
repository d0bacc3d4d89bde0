import { type Caip2, evmChainId, namespaceOf } from './caip.js';
import type { NetworkMeta } from './config.js';

/** What the widget needs to show a network and to ask a wallet to add it (EIP-3085). */
export interface NetworkInfo {
  id: Caip2;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrl?: string;
  /** The site owner's icon (`network-meta`); built-in icons load with the views that list networks. */
  icon?: string;
  testnet?: boolean;
}

const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 };
const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 };

/**
 * The local Solana chain (devstack/solana: litesvm behind a JSON-RPC facade with a fixed genesis hash): its
 * CAIP-2 id is `solana:` + the first 32 characters of that hash, the same on every start.
 */
export const LOCAL_SOLANA_CHAIN_ID = 'solana:378kCw7PmAhEAv7DDXn4TRipWRi683BK' as const;
/** Solana's explorer; explorer.ts adds the cluster (devnet, testnet, or the local chain's RPC as a custom one). */
export const SOLANA_EXPLORER = 'https://explorer.solana.com';

/** Well-known networks. Others get a generic name; `rpc-urls` supplies their RPC endpoint. */
const KNOWN: Record<string, Omit<NetworkInfo, 'id'>> = {
  'eip155:1': { name: 'Ethereum', nativeCurrency: eth, rpcUrls: ['https://eth.merkle.io'], blockExplorerUrl: 'https://etherscan.io' },
  'eip155:10': { name: 'OP Mainnet', nativeCurrency: eth, rpcUrls: ['https://mainnet.optimism.io'], blockExplorerUrl: 'https://optimistic.etherscan.io' },
  'eip155:56': { name: 'BNB Smart Chain', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: ['https://56.rpc.thirdweb.com'], blockExplorerUrl: 'https://bscscan.com' },
  'eip155:100': { name: 'Gnosis', nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 }, rpcUrls: ['https://rpc.gnosischain.com'], blockExplorerUrl: 'https://gnosisscan.io' },
  'eip155:137': { name: 'Polygon', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, rpcUrls: ['https://polygon-rpc.com'], blockExplorerUrl: 'https://polygonscan.com' },
  'eip155:8453': { name: 'Base', nativeCurrency: eth, rpcUrls: ['https://mainnet.base.org'], blockExplorerUrl: 'https://basescan.org' },
  'eip155:42161': { name: 'Arbitrum One', nativeCurrency: eth, rpcUrls: ['https://arb1.arbitrum.io/rpc'], blockExplorerUrl: 'https://arbiscan.io' },
  'eip155:43114': { name: 'Avalanche', nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 }, rpcUrls: ['https://api.avax.network/ext/bc/C/rpc'], blockExplorerUrl: 'https://snowtrace.io' },
  'eip155:11155111': { name: 'Sepolia', nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['https://sepolia.drpc.org'], blockExplorerUrl: 'https://sepolia.etherscan.io', testnet: true },
  'eip155:31337': { name: 'Anvil 31337', nativeCurrency: eth, rpcUrls: [], testnet: true },
  'eip155:31338': { name: 'Anvil 31338', nativeCurrency: eth, rpcUrls: [], testnet: true },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { name: 'Solana', nativeCurrency: sol, rpcUrls: ['https://api.mainnet-beta.solana.com'], blockExplorerUrl: SOLANA_EXPLORER },
  'solana:EtWTRABZaYq6iMfeYKouRu166VoAgqkn': { name: 'Solana Devnet', nativeCurrency: sol, rpcUrls: ['https://api.devnet.solana.com'], blockExplorerUrl: SOLANA_EXPLORER, testnet: true },
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': { name: 'Solana Testnet', nativeCurrency: sol, rpcUrls: ['https://api.testnet.solana.com'], blockExplorerUrl: SOLANA_EXPLORER, testnet: true },
  [LOCAL_SOLANA_CHAIN_ID]: { name: 'Solana Local', nativeCurrency: sol, rpcUrls: [], blockExplorerUrl: SOLANA_EXPLORER, testnet: true },
};

/**
 * Network details for a CAIP-2 id; `rpcUrl` (from the `rpc-urls` attribute) comes first when given, and the
 * site owner's `meta` (from `network-meta`) replaces the built-in name, icon, explorer and native currency.
 */
export function networkInfo(id: Caip2, rpcUrl?: string, meta?: NetworkMeta): NetworkInfo {
  const known = KNOWN[id];
  const chainId = evmChainId(id);
  const base: Omit<NetworkInfo, 'id'> = known ?? {
    name: chainId === undefined ? id : `Chain ${chainId}`,
    nativeCurrency: namespaceOf(id) === 'solana' ? sol : eth,
    rpcUrls: [],
    testnet: true,
  };
  const info: NetworkInfo = { id, ...base, rpcUrls: rpcUrl ? [rpcUrl, ...base.rpcUrls.filter((u) => u !== rpcUrl)] : base.rpcUrls };
  if (meta?.name) info.name = meta.name;
  if (meta?.icon) info.icon = meta.icon;
  if (meta?.explorer) info.blockExplorerUrl = meta.explorer;
  if (meta?.nativeCurrency) info.nativeCurrency = meta.nativeCurrency;
  return info;
}
