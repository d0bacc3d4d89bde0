// getTransaction / getBlock output for the facade's records: json, jsonParsed (system and SPL Token
// transfers and mints decoded, like a real RPC) and base64.
import { base58 } from '@scure/base';
import { mintDecimals, uiTokenAmount, type AccountReader } from './accounts.js';
import { SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../server/solana/constants.js';
import { decode, type TxRecord } from './ledger.js';

type Encoding = 'json' | 'jsonParsed' | 'base64' | 'base58';

const u64 = (d: Uint8Array, offset: number): bigint => Buffer.from(d.buffer, d.byteOffset, d.byteLength).readBigUInt64LE(offset);

interface Instruction {
  programId: string;
  accounts: string[];
  data: Uint8Array;
}

/** A system or SPL Token instruction as jsonParsed shows it, or undefined when it is not one we decode. */
export function parseInstruction(reader: AccountReader, ix: Instruction): Record<string, unknown> | undefined {
  const { programId, accounts: a, data: d } = ix;
  if (programId === SYSTEM_PROGRAM && d.length >= 12 && Buffer.from(d).readUInt32LE(0) === 2) {
    return { program: 'system', programId, parsed: { type: 'transfer', info: { source: a[0], destination: a[1], lamports: Number(u64(d, 4)) } }, stackHeight: null };
  }
  if ((programId === TOKEN_PROGRAM || programId === TOKEN_2022_PROGRAM) && d.length >= 9) {
    const program = programId === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022';
    const amount = u64(d, 1);
    const wrap = (type: string, info: Record<string, unknown>): Record<string, unknown> => ({ program, programId, parsed: { type, info }, stackHeight: null });
    switch (d[0]) {
      case 3:
        return wrap('transfer', { source: a[0], destination: a[1], authority: a[2], amount: amount.toString() });
      case 12:
        return wrap('transferChecked', { source: a[0], mint: a[1], destination: a[2], authority: a[3], tokenAmount: uiTokenAmount(amount, d[9] ?? mintDecimals(reader, a[1] ?? '')) });
      case 7:
        return wrap('mintTo', { mint: a[0], account: a[1], mintAuthority: a[2], amount: amount.toString() });
      case 14:
        return wrap('mintToChecked', { mint: a[0], account: a[1], mintAuthority: a[2], tokenAmount: uiTokenAmount(amount, d[9] ?? 0) });
    }
  }
  return undefined;
}

/** The `transaction` object of getTransaction in `encoding`. */
export function transactionJson(reader: AccountReader, record: TxRecord, encoding: Encoding): unknown {
  if (encoding === 'base64') return [Buffer.from(record.wire).toString('base64'), 'base64'];
  if (encoding === 'base58') return [base58.encode(record.wire), 'base58'];
  const { vtx, keys } = decode(record.wire);
  const m = vtx.message;
  const signatures = vtx.signatures.map((s) => base58.encode(s));
  const lookups = m.version === 'legacy' ? {} : { addressTableLookups: [] };
  if (encoding === 'jsonParsed') {
    return {
      signatures,
      message: {
        accountKeys: keys.map((pubkey, i) => ({ pubkey, signer: m.isAccountSigner(i), writable: m.isAccountWritable(i), source: 'transaction' })),
        recentBlockhash: m.recentBlockhash,
        instructions: m.compiledInstructions.map((ix) => {
          const programId = keys[ix.programIdIndex] ?? '';
          const accounts = ix.accountKeyIndexes.map((i) => keys[i] ?? '');
          return parseInstruction(reader, { programId, accounts, data: ix.data }) ?? { programId, accounts, data: base58.encode(ix.data), stackHeight: null };
        }),
        ...lookups,
      },
    };
  }
  return {
    signatures,
    message: {
      accountKeys: keys,
      header: m.header,
      recentBlockhash: m.recentBlockhash,
      instructions: m.compiledInstructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accounts: ix.accountKeyIndexes, data: base58.encode(ix.data), stackHeight: null })),
      ...lookups,
    },
  };
}

export function metaJson(record: TxRecord): Record<string, unknown> {
  return {
    err: record.err,
    status: record.err ? { Err: record.err } : { Ok: null },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    innerInstructions: [],
    preTokenBalances: record.preTokenBalances,
    postTokenBalances: record.postTokenBalances,
    logMessages: record.logs,
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    computeUnitsConsumed: record.units,
  };
}

/** getTransaction's result for a landed record. */
export function getTransactionJson(reader: AccountReader, record: TxRecord, encoding: Encoding = 'json'): Record<string, unknown> {
  const version = decode(record.wire).vtx.version;
  return { slot: record.slot, blockTime: record.blockTime, version, meta: metaJson(record), transaction: transactionJson(reader, record, encoding) };
}
