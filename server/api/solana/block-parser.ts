// A jsonParsed Solana block (getBlock) → the index's IndexedBlock: SOL transfers ('native') and SPL
// transfers and mints ('erc20' rows keyed by mint), with token account owners resolved from the
// transaction's pre/post token balances. Addresses keep their base58 case; `involved` is lower case
// because the store looks addresses up in lower case (base58 addresses do not collide in lower case in practice).
import type { IndexedBlock, IndexedTransfer, IndexedTx } from '../block-parser.js';
import { SYSTEM_PROGRAM } from '../../solana/constants.js';

/** Where minted tokens come from in history rows: the all-ones address, Solana's "zero address". */
export const MINT_SOURCE = SYSTEM_PROGRAM;

interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
}

interface ParsedIx {
  program?: string;
  programId: string;
  parsed?: { type: string; info: Record<string, unknown> };
}

export interface RpcParsedBlock {
  blockhash: string;
  previousBlockhash: string;
  blockTime: number | null;
  transactions: {
    meta: { err: unknown; preTokenBalances?: TokenBalance[]; postTokenBalances?: TokenBalance[] } | null;
    transaction: { signatures: string[]; message: { accountKeys: { pubkey: string; signer: boolean }[]; instructions: ParsedIx[] } };
  }[];
}

const amountOf = (info: Record<string, unknown>): string =>
  String(info.amount ?? (info.tokenAmount as { amount?: string } | undefined)?.amount ?? info.lamports ?? '0');

function parseTx(tx: RpcParsedBlock['transactions'][number], txIndex: number): IndexedTx {
  const { message, signatures } = tx.transaction;
  const hash = signatures[0] ?? '';
  const keys = message.accountKeys.map((k) => k.pubkey);
  const accounts = new Map<string, { mint: string; owner: string }>();
  for (const b of [...(tx.meta?.preTokenBalances ?? []), ...(tx.meta?.postTokenBalances ?? [])]) {
    const key = keys[b.accountIndex];
    if (key && b.owner) accounts.set(key, { mint: b.mint, owner: b.owner });
  }
  const failed = tx.meta?.err != null;
  const transfers: IndexedTransfer[] = [];
  message.instructions.forEach((ix, seq) => {
    if (failed || !ix.parsed) return;
    const { type, info } = ix.parsed;
    if (ix.program === 'system' && type === 'transfer') {
      transfers.push({ hash, seq, kind: 'native', token: null, from: String(info.source), to: String(info.destination), amount: amountOf(info) });
    } else if (ix.program?.startsWith('spl-token') && (type === 'transfer' || type === 'transferChecked')) {
      const source = accounts.get(String(info.source));
      const destination = accounts.get(String(info.destination));
      if (source && destination) transfers.push({ hash, seq, kind: 'erc20', token: source.mint, from: source.owner, to: destination.owner, amount: amountOf(info) });
    } else if (ix.program?.startsWith('spl-token') && (type === 'mintTo' || type === 'mintToChecked')) {
      const destination = accounts.get(String(info.account));
      if (destination) transfers.push({ hash, seq, kind: 'erc20', token: String(info.mint), from: MINT_SOURCE, to: destination.owner, amount: amountOf(info) });
    }
  });
  const from = keys[0] ?? '';
  const first = transfers[0];
  const to = first ? (first.from === from ? first.to : first.from) : (message.instructions[0]?.programId ?? null);
  const involved = new Set<string>([from, ...transfers.flatMap((t) => [t.from, t.to])].filter((a) => a && a !== MINT_SOURCE).map((a) => a.toLowerCase()));
  return { hash, txIndex, from, to, nonce: 0, status: failed ? 'failed' : 'confirmed', value: '0', selector: null, createdContract: null, transfers, involved: [...involved] };
}

export function parseSolanaBlock(slot: number, block: RpcParsedBlock): IndexedBlock {
  return { number: slot, hash: block.blockhash, parentHash: block.previousBlockhash, timestamp: block.blockTime ?? 0, txs: block.transactions.map(parseTx) };
}
