/**
 * The service's own list of networks (configuration, never the host page's word): which chains the frame
 * signs for, their names on the approval screen, and the RPC it reads from and broadcasts to. A chain id in
 * a request is only a key into this list.
 */
import { SignError } from './sign-error.js';

/** docs/specification.md#account-types's account types: the embedded key itself, or the smart account it owns. */
export type AccountType = 'eoa' | 'smartAccount';

export interface EvmNetwork {
  /** e.g. 31337 */
  chainId: number;
  /** Shown on ApproveTransaction, e.g. "Local Chain A". */
  name: string;
  rpcUrl: string;
  /** The native currency's symbol, default ETH. */
  symbol?: string;
  /**
   * Smart accounts on this chain (ERC-4337): the bundler user operations go to, and the factory of the account
   * offered (server/aa/local-account.ts). Absent: only the EOA here. `sessionFeeBudget`: the wei a session key's
   * user operations may cost the account in network fees altogether, granted with each wallet_grantPermissions
   * (default 0.01 of the native currency, server/auth-frame/permissions.ts).
   */
  smartAccount?: { bundlerUrl: string; factory: `0x${string}`; sessionFeeBudget?: bigint };
}

export interface SolanaNetwork {
  /** CAIP-2, e.g. solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp */
  chainId: string;
  name: string;
  rpcUrl: string;
}

export interface FrameNetworks {
  evm: readonly EvmNetwork[];
  solana: readonly SolanaNetwork[];
}

export const NO_NETWORKS: FrameNetworks = { evm: [], solana: [] };

/** A chain id as a request may give it: 31337, "0x7a69", "31337" or "eip155:31337". */
export function parseEvmChainId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.startsWith('eip155:') ? value.slice(7) : value;
  if (!/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(text)) return undefined;
  const id = Number(text.startsWith('0x') ? BigInt(text) : BigInt(text));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The configured EVM network for a request's chain id; 4901 when the service does not serve that chain. */
export function evmNetwork(networks: FrameNetworks, chainId: unknown): EvmNetwork {
  if (chainId === undefined || chainId === null) throw new SignError(-32602, 'The request names no chain (chainId)');
  const id = parseEvmChainId(chainId);
  if (id === undefined) throw new SignError(-32602, `Not a chain id: ${JSON.stringify(chainId)}`);
  const network = networks.evm.find((n) => n.chainId === id);
  if (!network) throw new SignError(4901, `Unsupported chain: eip155:${id} is not configured on this service`);
  return network;
}

export function solanaNetwork(networks: FrameNetworks, chainId: unknown): SolanaNetwork {
  if (typeof chainId !== 'string' || !/^solana:[1-9A-HJ-NP-Za-km-z]{1,44}$/.test(chainId)) throw new SignError(-32602, 'The request names no Solana chain (chainId, CAIP-2)');
  const network = networks.solana.find((n) => n.chainId === chainId);
  if (!network) throw new SignError(4901, `Unsupported chain: ${chainId} is not configured on this service`);
  return network;
}

/** A name for `eip155:<id>` (typed data may name any chain): the configured name, else the CAIP-2 id. */
export const evmChainName = (networks: FrameNetworks, id: number): string => networks.evm.find((n) => n.chainId === id)?.name ?? `eip155:${id}`;
