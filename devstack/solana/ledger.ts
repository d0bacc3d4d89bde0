// The chain behind the facade: a litesvm instance plus what a validator would remember (signatures, slots,
// balances before and after), so the RPC can answer status, history and transaction queries.
import { base58 } from '@scure/base';
import { Keypair, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
import { sha256 } from '@noble/hashes/sha2';
import { LiteSVM, type FailedTransactionMetadata, type TransactionMetadata } from 'litesvm';
import { tokenAccountInfo, mintDecimals, uiTokenAmount, type AccountReader, type RawAccount, type UiTokenAmount } from './accounts.js';
import { LAMPORTS_PER_SIGNATURE, SYSTEM_PROGRAM } from '../../server/solana/constants.js';
import { RpcError, txErrorJson, type TxErrorJson } from './errors.js';

type SvmAddress = Parameters<LiteSVM['getAccount']>[0];
type SvmTransaction = Parameters<LiteSVM['sendTransaction']>[0];
type SvmResult = TransactionMetadata | FailedTransactionMetadata;

export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: UiTokenAmount;
}

export interface TxRecord {
  signature: string;
  slot: number;
  /** Unix seconds when it landed. */
  blockTime: number;
  err: TxErrorJson;
  logs: string[];
  /** The transaction as sent (wire bytes). */
  wire: Uint8Array;
  fee: number;
  units: number;
  accountKeys: string[];
  preBalances: number[];
  postBalances: number[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
}

export interface Simulation {
  err: TxErrorJson;
  logs: string[];
  unitsConsumed: number;
}

const failed = (r: SvmResult | unknown): r is FailedTransactionMetadata => typeof (r as { err?: unknown }).err === 'function';

/** The faucet behind requestAirdrop: a fixed keypair the ledger funds at start, so airdrops are real transfers. */
export const FAUCET = Keypair.fromSeed(sha256(new TextEncoder().encode('wallet-connect-modal local solana faucet')));

export function assertAddress(address: unknown): string {
  let bytes: Uint8Array | undefined;
  try {
    bytes = typeof address === 'string' ? base58.decode(address) : undefined;
  } catch {
    bytes = undefined;
  }
  if (bytes?.length !== 32) throw new RpcError(-32602, `Invalid param: Invalid public key input: ${String(address)}`);
  return address as string;
}

export class Ledger implements AccountReader {
  readonly svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(100_000n);
  slot = Number(this.svm.getClock().slot);
  private readonly bySignature = new Map<string, TxRecord>();
  private readonly byAddress = new Map<string, string[]>();
  private readonly bySlot = new Map<number, TxRecord>();
  private readonly listeners = new Set<(record: TxRecord) => void>();
  /** A fixed block time (unix seconds) for what lands next, or undefined for the wall clock (the seed sets it). */
  blockTimeOverride: number | undefined;

  constructor() {
    // One billion SOL, set directly (genesis-like): litesvm's own airdrop account holds far less.
    this.fund(FAUCET.publicKey.toBase58(), 10n ** 18n);
  }

  get transactionCount(): number {
    return this.bySignature.size;
  }

  account(address: string): RawAccount | null {
    const a = this.svm.getAccount(address as SvmAddress);
    if (!a.exists) return null;
    return { address, lamports: a.lamports, owner: a.programAddress, data: a.data, executable: a.executable };
  }

  programAccounts(program: string): RawAccount[] {
    return this.svm.getProgramAccounts(program as SvmAddress).map((a) => ({ address: a.address, lamports: a.lamports, owner: a.programAddress, data: a.data as Uint8Array, executable: a.executable }));
  }

  /** Genesis-like funding: sets the lamports of a system account without a transaction. */
  fund(address: string, lamports: bigint): void {
    const account = { address, lamports, programAddress: SYSTEM_PROGRAM, data: new Uint8Array(), executable: false, space: 0n };
    this.svm.setAccount(account as unknown as Parameters<LiteSVM['setAccount']>[0]);
  }

  balance(address: string): bigint {
    return this.svm.getBalance(address as SvmAddress) ?? 0n;
  }

  latestBlockhash(): string {
    return this.svm.latestBlockhash();
  }

  record(signature: string): TxRecord | undefined {
    return this.bySignature.get(signature);
  }

  recordAtSlot(slot: number): TxRecord | undefined {
    return this.bySlot.get(slot);
  }

  /** Slots holding a transaction, ascending (each landed transaction has a slot of its own). */
  slotsWithTransactions(): number[] {
    return [...this.bySlot.keys()];
  }

  /** The slot the ledger started at (litesvm's clock does not start at 0). */
  readonly firstSlot = this.slot;

  /** Signatures that touched `address` (as a static account key), newest first. */
  signaturesFor(address: string): string[] {
    return this.byAddress.get(address) ?? [];
  }

  onRecord(listener: (record: TxRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs the transaction without landing it. */
  simulate(wire: Uint8Array, sigVerify: boolean): Simulation {
    const { svmTx } = decode(wire);
    if (!sigVerify) this.svm.withSigverify(false);
    try {
      const r = this.svm.simulateTransaction(svmTx);
      const meta = failed(r) ? r.meta() : r.meta();
      return { err: failed(r) ? txErrorJson(r) : null, logs: meta.logs(), unitsConsumed: Number(meta.computeUnitsConsumed()) };
    } finally {
      if (!sigVerify) this.svm.withSigverify(true);
    }
  }

  /**
   * Lands the transaction (a new slot and blockhash after each). A transaction rejected before it ran (bad
   * signature, no funds for the fee) is not recorded, as on a real cluster: `rejected` carries why.
   */
  send(wire: Uint8Array): { signature: string; record?: TxRecord; rejected?: Simulation } {
    const { vtx, svmTx, keys } = decode(wire);
    const signature = base58.encode(vtx.signatures[0] ?? new Uint8Array(64));
    const known = this.bySignature.get(signature);
    if (known) return { signature, record: known };
    const preBalances = keys.map((k) => Number(this.balance(k)));
    const preTokenBalances = this.tokenBalances(keys);
    const r = this.svm.sendTransaction(svmTx);
    const meta = failed(r) ? r.meta() : r;
    const err = failed(r) ? txErrorJson(r) : null;
    const logs = meta.logs();
    const units = Number(meta.computeUnitsConsumed());
    if (err && !logs.length && !units) return { signature, rejected: { err, logs, unitsConsumed: units } };
    const record: TxRecord = {
      signature, slot: this.slot, blockTime: this.blockTimeOverride ?? Math.floor(Date.now() / 1000), err, logs, wire, units,
      fee: LAMPORTS_PER_SIGNATURE * vtx.message.header.numRequiredSignatures,
      accountKeys: keys, preBalances, postBalances: keys.map((k) => Number(this.balance(k))),
      preTokenBalances, postTokenBalances: this.tokenBalances(keys),
    };
    this.bySignature.set(signature, record);
    this.bySlot.set(record.slot, record);
    for (const k of new Set(keys)) this.byAddress.set(k, [signature, ...(this.byAddress.get(k) ?? [])]);
    this.advance();
    for (const listener of this.listeners) listener(record);
    return { signature, record };
  }

  /** requestAirdrop: a system transfer from the faucet, landed like any other transaction. */
  airdrop(to: string, lamports: bigint): string {
    const tx = new Transaction({ feePayer: FAUCET.publicKey, recentBlockhash: this.latestBlockhash() });
    tx.add(SystemProgram.transfer({ fromPubkey: FAUCET.publicKey, toPubkey: new PublicKey(to), lamports }));
    tx.sign(FAUCET);
    const { signature, record, rejected } = this.send(tx.serialize());
    if (rejected || record?.err) throw new RpcError(-32603, `airdrop failed: ${JSON.stringify(rejected?.err ?? record?.err)}`);
    return signature;
  }

  private advance(): void {
    this.slot += 1;
    this.svm.warpToSlot(BigInt(this.slot));
    this.svm.expireBlockhash();
  }

  private tokenBalances(keys: readonly string[]): TokenBalance[] {
    return keys.flatMap((key, accountIndex) => {
      const a = this.account(key);
      const info = a && tokenAccountInfo(a);
      if (!a || !info) return [];
      return [{ accountIndex, mint: info.mint, owner: info.owner, programId: a.owner, uiTokenAmount: uiTokenAmount(info.amount, mintDecimals(this, info.mint)) }];
    });
  }
}

/** Wire bytes → web3.js VersionedTransaction and litesvm's (kit's) `{ messageBytes, signatures }`. */
export function decode(wire: Uint8Array): { vtx: VersionedTransaction; svmTx: SvmTransaction; keys: string[] } {
  let vtx: VersionedTransaction;
  try {
    vtx = VersionedTransaction.deserialize(wire);
  } catch (err) {
    throw new RpcError(-32602, `invalid transaction: ${(err as Error).message}`);
  }
  const keys = vtx.message.staticAccountKeys.map((k) => k.toBase58());
  const signers = keys.slice(0, vtx.message.header.numRequiredSignatures);
  const signatures = Object.fromEntries(signers.map((k, i) => [k, vtx.signatures[i] ?? null]));
  return { vtx, keys, svmTx: { messageBytes: vtx.message.serialize(), signatures } as unknown as SvmTransaction };
}
