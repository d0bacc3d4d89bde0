import { LOCAL_SOLANA_CHAIN_ID } from '../../../src/core/networks.js';

/** Solana accounts and rows in the wallet data API's wire format (docs/wire-formats.md#wallet-data-api), for tests. */
export const SOLANA_CHAIN = LOCAL_SOLANA_CHAIN_ID;
export const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VoAgqkn';
export const OWNER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
/** Another valid address that differs from OWNER only in the case of its letters (base58 is case-sensitive). */
export const OWNER_OTHER_CASE = '7ecDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
export const PEER = 'GfEHGHbzAUsvf6oJGUbn8BRNnLyVHa8ezwuJUXXHq4Nf';
export const USDS_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
export const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

export const solBalance = (numeric: string, chainId: string = SOLANA_CHAIN) => ({
  name: 'Solana', symbol: 'SOL', chainId, address: `${chainId}:So11111111111111111111111111111111111111111`, value: Number(numeric) * 150, price: 150,
  quantity: { decimals: '9', numeric }, iconUrl: '',
});
export const splBalance = (symbol: string, decimals: string, numeric: string, mint: string, chainId: string = SOLANA_CHAIN) => ({
  name: `Local ${symbol}`, symbol, chainId, address: `${chainId}:${mint}`, value: decimals === '0' ? 0 : Number(numeric), price: 1, quantity: { decimals, numeric }, iconUrl: '',
});

export const solanaTx = (
  id: string,
  { from, to, transfers, chain = SOLANA_CHAIN, status = 'confirmed', hash = SIGNATURE }: { from: string; to: string; transfers: unknown[] | null; chain?: string; status?: string; hash?: string },
) => ({
  id, metadata: { operationType: 'send', hash, chain, minedAt: '2026-11-22T10:00:00Z', sentFrom: from, sentTo: to, status }, transfers,
});
export const solTransfer = (direction: 'in' | 'out' | 'self', numeric: string) => ({ fungible_info: { name: 'Solana', symbol: 'SOL' }, direction, quantity: { numeric } });
export const splTransfer = (symbol: string, direction: 'in' | 'out' | 'self', numeric: string) => ({ fungible_info: { name: `Local ${symbol}`, symbol }, direction, quantity: { numeric } });
export const spamTransfer = { nft_info: { name: 'Claim 1000 SOL', flags: { is_spam: true } }, direction: 'in', quantity: { numeric: '1' } };
