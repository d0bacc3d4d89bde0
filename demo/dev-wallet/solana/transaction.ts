// Solana wire transactions, decoded by hand (no web3.js in the dev wallet): enough to find the message
// bytes, put this wallet's ed25519 signature in its slot, and describe a plain SOL transfer in the prompt.
// Layout: https://solana.com/docs/core/transactions (compact-u16 "shortvec" counts, legacy and v0 messages).
import { base58 } from '@scure/base';
import { formatUnits } from 'viem';
import { invalidParams } from '../errors.js';

export interface WireTransaction {
  /** Where signature 0 starts in the wire bytes. */
  signaturesOffset: number;
  signatureCount: number;
  /** The signed bytes (everything after the signatures). */
  message: Uint8Array;
  version: 'legacy' | number;
  numRequiredSignatures: number;
  accountKeys: Uint8Array[];
  instructions: { programIdIndex: number; accounts: number[]; data: Uint8Array }[];
}

/** A compact-u16 at `offset`: [value, next offset]. */
function shortvec(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) throw invalidParams('truncated transaction');
    value |= (byte & 0x7f) << (7 * i);
    if (!(byte & 0x80)) return [value, offset + i + 1];
  }
  throw invalidParams('bad compact-u16 in transaction');
}

function take(bytes: Uint8Array, offset: number, length: number): Uint8Array {
  if (offset + length > bytes.length) throw invalidParams('truncated transaction');
  return bytes.subarray(offset, offset + length);
}

export function parseWireTransaction(wire: Uint8Array): WireTransaction {
  if (!(wire instanceof Uint8Array)) throw invalidParams('transaction must be a Uint8Array');
  const [signatureCount, signaturesOffset] = shortvec(wire, 0);
  const message = wire.subarray(signaturesOffset + 64 * signatureCount);
  take(wire, signaturesOffset, 64 * signatureCount);
  let p = 0;
  const prefix = take(message, 0, 1)[0]!;
  const version = prefix & 0x80 ? prefix & 0x7f : 'legacy';
  if (version !== 'legacy') {
    if (version !== 0) throw invalidParams(`unsupported transaction version ${version}`);
    p = 1;
  }
  const numRequiredSignatures = take(message, p, 3)[0]!;
  p += 3;
  const [keyCount, keysAt] = shortvec(message, p);
  const accountKeys = Array.from({ length: keyCount }, (_, i) => take(message, keysAt + 32 * i, 32));
  p = keysAt + 32 * keyCount + 32; // + recent blockhash
  const [ixCount, ixAt] = shortvec(message, p);
  p = ixAt;
  const instructions: WireTransaction['instructions'] = [];
  for (let i = 0; i < ixCount; i++) {
    const programIdIndex = take(message, p, 1)[0]!;
    const [n, at] = shortvec(message, p + 1);
    const accounts = [...take(message, at, n)];
    const [len, dataAt] = shortvec(message, at + n);
    instructions.push({ programIdIndex, accounts, data: take(message, dataAt, len) });
    p = dataAt + len;
  }
  if (signatureCount !== numRequiredSignatures) {
    throw invalidParams(`the transaction has ${signatureCount} signature slots for ${numRequiredSignatures} signers`);
  }
  return { signaturesOffset, signatureCount, message, version, numRequiredSignatures, accountKeys, instructions };
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The wire bytes with `sign(message)` in `publicKey`'s signature slot; other slots are kept. */
export function signWireTransaction(wire: Uint8Array, publicKey: Uint8Array, sign: (message: Uint8Array) => Uint8Array): Uint8Array {
  const tx = parseWireTransaction(wire);
  const index = tx.accountKeys.findIndex((key) => equal(key, publicKey));
  if (index < 0 || index >= tx.numRequiredSignatures) throw invalidParams("the transaction does not need this wallet's signature");
  const signed = wire.slice();
  signed.set(sign(tx.message), tx.signaturesOffset + 64 * index);
  return signed;
}

/** Signature 0 of wire bytes: the transaction's id. */
export function firstSignature(wire: Uint8Array): Uint8Array {
  const tx = parseWireTransaction(wire);
  return wire.slice(tx.signaturesOffset, tx.signaturesOffset + 64);
}

const SYSTEM_PROGRAM = new Uint8Array(32);

/** "0.25 SOL to <base58>" for a transaction that is one System transfer, else undefined. */
function solTransfer(tx: WireTransaction): { lamports: bigint; to: string } | undefined {
  if (tx.instructions.length !== 1) return undefined;
  const [ix] = tx.instructions;
  const program = tx.accountKeys[ix!.programIdIndex];
  if (!program || !equal(program, SYSTEM_PROGRAM) || ix!.data.length !== 12) return undefined;
  const view = new DataView(ix!.data.buffer, ix!.data.byteOffset, 12);
  const to = tx.accountKeys[ix!.accounts[1] ?? -1];
  if (view.getUint32(0, true) !== 2 || !to) return undefined;
  return { lamports: view.getBigUint64(4, true), to: base58.encode(to) };
}

/** The prompt line: "Send 0.25 SOL to <address>" or "<verb> a Solana transaction with 3 instructions". */
export function describeSolanaTransaction(wire: Uint8Array, send: boolean): string {
  const tx = parseWireTransaction(wire);
  const transfer = solTransfer(tx);
  const what = transfer
    ? `Send ${formatUnits(transfer.lamports, 9)} SOL to ${transfer.to}`
    : `${send ? 'Send' : 'Sign'} a Solana transaction with ${tx.instructions.length} instruction${tx.instructions.length === 1 ? '' : 's'}`;
  return send || !transfer ? what : `Sign transaction: ${what}`;
}
