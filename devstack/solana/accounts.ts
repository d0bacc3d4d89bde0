// Account encodings of the facade: base64 / base58 / jsonParsed (SPL Token mints and token accounts).
import { base58 as bs58 } from '@scure/base';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../server/solana/constants.js';

/** An account as the facade reads it from the SVM. */
export interface RawAccount {
  address: string;
  lamports: bigint;
  owner: string;
  data: Uint8Array;
  executable: boolean;
}

export interface AccountReader {
  account(address: string): RawAccount | null;
  programAccounts(program: string): RawAccount[];
}

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number;
  uiAmountString: string;
}

export type ParsedToken =
  | { type: 'account'; info: { mint: string; owner: string; tokenAmount: UiTokenAmount; state: string; isNative: boolean } }
  | { type: 'mint'; info: { mintAuthority: string | null; supply: string; decimals: number; isInitialized: boolean; freezeAuthority: string | null } };

const u64 = (d: Uint8Array, offset: number): bigint => Buffer.from(d.buffer, d.byteOffset, d.byteLength).readBigUInt64LE(offset);
const pubkey = (d: Uint8Array, offset: number): string => bs58.encode(d.subarray(offset, offset + 32));
const MAX_RENT_EPOCH = 18446744073709551615;

export const isTokenProgram = (owner: string): boolean => owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM;

/** A base-unit amount as the RPC shows it (amount string, decimals, uiAmount, uiAmountString). */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const digits = amount.toString().padStart(decimals + 1, '0');
  const text = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`.replace(/\.?0+$/, '') : digits;
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text };
}

/** A token account (165 bytes, or longer with the Token-2022 account type byte 2). */
export function isTokenAccountData(d: Uint8Array): boolean {
  return d.length === 165 || (d.length > 165 && d[165] === 2);
}

export function mintDecimals(reader: AccountReader, mint: string): number {
  return reader.account(mint)?.data[44] ?? 0;
}

/** Parses SPL token account or mint data the way the RPC's jsonParsed encoding does. */
export function parseTokenData(reader: AccountReader, d: Uint8Array): ParsedToken | null {
  if (isTokenAccountData(d)) {
    const mint = pubkey(d, 0);
    const state = ['uninitialized', 'initialized', 'frozen'][d[108] ?? 0] ?? 'uninitialized';
    return { type: 'account', info: { mint, owner: pubkey(d, 32), tokenAmount: uiTokenAmount(u64(d, 64), mintDecimals(reader, mint)), state, isNative: d[109] === 1 } };
  }
  if (d.length >= 82) {
    return {
      type: 'mint',
      info: { mintAuthority: d[0] ? pubkey(d, 4) : null, supply: u64(d, 36).toString(), decimals: d[44] ?? 0, isInitialized: d[45] === 1, freezeAuthority: d[46] ? pubkey(d, 50) : null },
    };
  }
  return null;
}

/** The RPC's account object in `encoding` (base64 by default), or null for an account that does not exist. */
export function accountJson(reader: AccountReader, address: string, encoding = 'base64'): Record<string, unknown> | null {
  const a = reader.account(address);
  if (!a) return null;
  const base = { executable: a.executable, lamports: a.lamports, owner: a.owner, rentEpoch: MAX_RENT_EPOCH, space: a.data.length };
  if (encoding === 'jsonParsed' && isTokenProgram(a.owner)) {
    const parsed = parseTokenData(reader, a.data);
    if (parsed) return { ...base, data: { program: a.owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022', parsed, space: a.data.length } };
  }
  if (encoding === 'base58') return { ...base, data: [bs58.encode(a.data), 'base58'] };
  return { ...base, data: [Buffer.from(a.data).toString('base64'), 'base64'] };
}

/** A token account's mint, owner and amount, or null when `a` is not one. */
export function tokenAccountInfo(a: RawAccount): { mint: string; owner: string; amount: bigint } | null {
  if (!isTokenProgram(a.owner) || !isTokenAccountData(a.data)) return null;
  return { mint: pubkey(a.data, 0), owner: pubkey(a.data, 32), amount: u64(a.data, 64) };
}

export function mintSupply(a: RawAccount): { supply: bigint; decimals: number } | null {
  if (!isTokenProgram(a.owner) || a.data.length < 82 || isTokenAccountData(a.data)) return null;
  return { supply: u64(a.data, 36), decimals: a.data[44] ?? 0 };
}

/** getTokenAccountsByOwner: the owner's token accounts, filtered by `mint` or `programId`. */
export function tokenAccountsByOwner(reader: AccountReader, owner: string, filter: { mint?: string; programId?: string }, encoding?: string): { pubkey: string; account: Record<string, unknown> | null }[] {
  const programs = filter.programId ? [filter.programId] : [TOKEN_PROGRAM, TOKEN_2022_PROGRAM];
  const out: { pubkey: string; account: Record<string, unknown> | null }[] = [];
  for (const program of programs) {
    for (const a of reader.programAccounts(program)) {
      const info = tokenAccountInfo(a);
      if (!info || info.owner !== owner) continue;
      if (filter.mint && info.mint !== filter.mint) continue;
      out.push({ pubkey: a.address, account: accountJson(reader, a.address, encoding) });
    }
  }
  return out;
}
