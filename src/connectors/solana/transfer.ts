import { PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import {
  ACCOUNT_SIZE, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction,
  getAccountLenForMint, getAssociatedTokenAddressSync, unpackMint,
} from '@solana/spl-token';

/**
 * Sending SOL or an SPL token from a Solana account. Loaded on demand, in its own chunk with
 * @solana/web3.js and @solana/spl-token: those build the transaction; the chain is read with plain JSON-RPC
 * POSTs (`rpc`), so no WebSocket and no extra headers. The wallet signs (and usually sends) the bytes.
 */
export interface SolanaTransfer {
  from: string;
  to: string;
  /** The SPL token's mint; undefined for SOL. */
  mint: string | undefined;
  /** Lamports, or the token's base units. */
  amount: bigint;
  decimals: number;
}

/** What a transfer costs the sender besides the amount, and what the chain requires of it (all in lamports). */
export interface SolanaTransferCost {
  /** The network fee (getFeeForMessage). */
  fee: bigint;
  /** The rent deposit of the receiver's token account when this transfer creates it; 0 otherwise. */
  deposit: bigint;
  /** What a plain account must keep to stay open (rent exemption of 0 bytes): the sender keeps it. */
  keep: bigint;
  /** SOL to an account that does not exist yet: the least it may receive (its rent exemption); 0 otherwise. */
  minAmount: bigint;
}

/** One JSON-RPC call to the chain: the result, or a thrown error. */
export type SolanaRpc = (method: string, params: unknown[]) => Promise<unknown>;

/** What the instructions depend on, read from the chain: the mint's token program, whether the receiver's token account exists. */
export interface TransferContext {
  tokenProgram: PublicKey;
  receiverAccountExists: boolean;
}

/**
 * The instructions of `transfer`: a System transfer for SOL; for a token, the receiver's associated token
 * account created first when it is missing (the idempotent form: a race that creates it meanwhile is no
 * failure), then `TransferChecked` from the sender's associated token account (amount and decimals checked).
 */
export function transferInstructions(transfer: SolanaTransfer, context: TransferContext): TransactionInstruction[] {
  const from = new PublicKey(transfer.from);
  const to = new PublicKey(transfer.to);
  if (transfer.mint === undefined) return [SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: transfer.amount })];
  const mint = new PublicKey(transfer.mint);
  const program = context.tokenProgram;
  const source = getAssociatedTokenAddressSync(mint, from, true, program);
  const destination = getAssociatedTokenAddressSync(mint, to, true, program);
  return [
    ...(context.receiverAccountExists ? [] : [createAssociatedTokenAccountIdempotentInstruction(from, destination, to, mint, program)]),
    createTransferCheckedInstruction(source, mint, destination, from, transfer.amount, transfer.decimals, [], program),
  ];
}

interface RpcAccount { lamports: number; owner: string; data: [string, string]; executable: boolean }

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

async function account(rpc: SolanaRpc, address: PublicKey): Promise<RpcAccount | null> {
  const answer = (await rpc('getAccountInfo', [address.toBase58(), { encoding: 'base64', commitment: 'confirmed' }])) as { value: RpcAccount | null };
  return answer.value;
}

const rentExemption = async (rpc: SolanaRpc, size: number) => BigInt((await rpc('getMinimumBalanceForRentExemption', [size])) as number);

/** Reads what the instructions and their cost depend on; throws when the mint is not a token mint. */
async function readContext(transfer: SolanaTransfer, rpc: SolanaRpc): Promise<TransferContext & { accountSize: number; receiverExists: boolean }> {
  if (transfer.mint === undefined) {
    const receiver = await account(rpc, new PublicKey(transfer.to));
    return { tokenProgram: TOKEN_PROGRAM_ID, receiverAccountExists: true, accountSize: 0, receiverExists: receiver !== null };
  }
  const mint = new PublicKey(transfer.mint);
  const mintAccount = await account(rpc, mint);
  const owner = mintAccount && [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].find((program) => program.toBase58() === mintAccount.owner);
  if (!mintAccount || !owner) throw new Error(`${transfer.mint} is not a token mint`);
  // buffer-layout takes any Uint8Array (it wraps it in its own Buffer).
  const info = { ...mintAccount, owner, data: fromBase64(mintAccount.data[0]) as unknown as Buffer };
  const accountSize = owner.equals(TOKEN_PROGRAM_ID) ? ACCOUNT_SIZE : getAccountLenForMint(unpackMint(mint, info, owner));
  const destination = getAssociatedTokenAddressSync(mint, new PublicKey(transfer.to), true, owner);
  const exists = (await account(rpc, destination)) !== null;
  return { tokenProgram: owner, receiverAccountExists: exists, accountSize, receiverExists: exists };
}

async function compose(transfer: SolanaTransfer, rpc: SolanaRpc): Promise<{ transaction: Transaction; context: Awaited<ReturnType<typeof readContext>> }> {
  const context = await readContext(transfer, rpc);
  const latest = (await rpc('getLatestBlockhash', [{ commitment: 'confirmed' }])) as { value: { blockhash: string; lastValidBlockHeight: number } };
  const transaction = new Transaction({ feePayer: new PublicKey(transfer.from), blockhash: latest.value.blockhash, lastValidBlockHeight: latest.value.lastValidBlockHeight });
  transaction.add(...transferInstructions(transfer, context));
  return { transaction, context };
}

/** The cost of `transfer` as the chain states it: the fee of its message, and the rent deposits it involves. */
export async function estimateSolanaTransfer(transfer: SolanaTransfer, rpc: SolanaRpc): Promise<SolanaTransferCost> {
  const { transaction, context } = await compose(transfer, rpc);
  const answer = (await rpc('getFeeForMessage', [toBase64(transaction.compileMessage().serialize()), { commitment: 'confirmed' }])) as { value: number | null };
  if (typeof answer.value !== 'number') throw new Error('getFeeForMessage: no fee for this message');
  const keep = await rentExemption(rpc, 0);
  const deposit = transfer.mint !== undefined && !context.receiverAccountExists ? await rentExemption(rpc, context.accountSize) : 0n;
  const minAmount = transfer.mint === undefined && !context.receiverExists ? keep : 0n;
  return { fee: BigInt(answer.value), deposit, keep, minAmount };
}

/** The transaction of `transfer` (a fresh blockhash, the sender pays the fee), unsigned, in wire format: for the wallet. */
export async function buildSolanaTransfer(transfer: SolanaTransfer, rpc: SolanaRpc): Promise<Uint8Array> {
  const { transaction } = await compose(transfer, rpc);
  return new Uint8Array(transaction.serialize({ requireAllSignatures: false, verifySignatures: false }));
}

type SignatureStatus = { err: unknown; confirmationStatus?: string | null } | null;

async function status(signature: string, rpc: SolanaRpc): Promise<'confirmed' | 'failed' | undefined> {
  const answer = (await rpc('getSignatureStatuses', [[signature], { searchTransactionHistory: true }])) as { value: SignatureStatus[] };
  const found = answer.value[0];
  if (!found) return undefined;
  if (found.err) return 'failed';
  return found.confirmationStatus === 'confirmed' || found.confirmationStatus === 'finalized' ? 'confirmed' : undefined;
}

/**
 * Waits for `signature` as the EVM receipt wait does (docs/specification.md#constants): a look every second for `timeoutMs`
 * (25 s), then `onSlow` once and a look every `pollMs` (30 s) until `giveUpMs`.
 */
export async function waitForSolanaTransfer(
  signature: string,
  rpc: SolanaRpc,
  { timeoutMs = 25_000, pollMs = 30_000, giveUpMs = 30 * 60_000, onSlow }: { timeoutMs?: number; pollMs?: number; giveUpMs?: number; onSlow?: () => void } = {},
): Promise<'confirmed' | 'failed' | 'pending'> {
  const look = () => status(signature, rpc).catch(() => undefined);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  for (const started = Date.now(); Date.now() - started < timeoutMs; await sleep(1_000)) {
    const found = await look();
    if (found) return found;
  }
  onSlow?.();
  for (const started = Date.now(); Date.now() - started < giveUpMs; ) {
    await sleep(pollMs);
    const found = await look();
    if (found) return found;
  }
  return 'pending';
}
