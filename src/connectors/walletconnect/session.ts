import type { SessionTypes } from '@walletconnect/types';
import { isSolanaAddress } from '../../core/address.js';
import { type Caip2, type Namespace, evmCaip2, isEvmAddress, parseCaip10 } from '../../core/caip.js';

/** The reason the SDK sends when a side ends a session on purpose (its USER_DISCONNECTED). */
export const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' };

/** What the widget asks a wallet for: its EVM accounts on the configured networks (optional, as 2.25 wants). */
export const EVM_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'];
export const EVM_EVENTS = ['chainChanged', 'accountsChanged'];

/**
 * WalletConnect's Solana JSON-RPC methods (docs.walletconnect.network, Wallet SDK, chain support, Solana): base58
 * messages and signatures, base64 wire transactions. The reference defines no Solana session events.
 */
export const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'];
export const SOLANA_EVENTS: string[] = [];

/**
 * The proposal's optional namespaces: eip155 for the configured EVM networks (always asked),
 * solana for the configured `solana:` ones when there are any; `skip` leaves out namespaces already connected.
 */
export function proposalNamespaces(networks: readonly Caip2[], skip: readonly Namespace[] = []) {
  const chains = (namespace: Namespace) => networks.filter((id) => id.startsWith(`${namespace}:`));
  const solana = chains('solana');
  return {
    ...(skip.includes('eip155') ? {} : { eip155: { chains: chains('eip155'), methods: EVM_METHODS, events: EVM_EVENTS } }),
    ...(skip.includes('solana') || solana.length === 0 ? {} : { solana: { chains: solana, methods: SOLANA_METHODS, events: SOLANA_EVENTS } }),
  };
}

const validAddress: Record<Namespace, (address: string) => boolean> = { eip155: isEvmAddress, solana: isSolanaAddress };

/** The accounts a session grants in `namespace` (EVM by default), by chain; malformed ones are skipped. */
export function sessionAccounts(session: Pick<SessionTypes.Struct, 'namespaces'>, namespace: Namespace = 'eip155'): Map<Caip2, string[]> {
  const byChain = new Map<Caip2, string[]>();
  for (const account of session.namespaces[namespace]?.accounts ?? []) {
    const parsed = parseCaip10(account);
    if (!parsed || !parsed.chainId.startsWith(`${namespace}:`) || !validAddress[namespace](parsed.address)) continue;
    const list = byChain.get(parsed.chainId) ?? [];
    if (!list.includes(parsed.address)) list.push(parsed.address);
    byChain.set(parsed.chainId, list);
  }
  return byChain;
}

/** The chain to start on: the one asked for first that the session has, else the session's first. */
export function pickChain(accounts: Map<Caip2, string[]>, preferred: readonly Caip2[]): Caip2 | undefined {
  return preferred.find((id) => accounts.has(id)) ?? accounts.keys().next().value;
}

/**
 * A chain id as wallets send it in `chainChanged` events and `wallet_switchEthereumChain` params:
 * a number, a decimal or hex string, or a CAIP-2 id.
 */
export function parseEvmChain(value: unknown): Caip2 | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return evmCaip2(value);
  if (typeof value !== 'string') return undefined;
  if (/^eip155:\d+$/.test(value)) return value as Caip2;
  if (/^0x[0-9a-f]+$/i.test(value) || /^\d+$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? evmCaip2(n) : undefined;
  }
  return undefined;
}

/** Addresses from an `accountsChanged` payload: plain addresses or CAIP-10 ids. */
export function parseAccounts(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const addresses = value.map((item) => (typeof item === 'string' ? (parseCaip10(item)?.address ?? item) : ''));
  return addresses.every(isEvmAddress) ? addresses : undefined;
}
