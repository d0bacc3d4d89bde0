/**
 * The Solana methods of the secure frame, in WalletConnect's Solana RPC shapes: solana_signMessage
 * ({ message: base58, pubkey } → { signature: base58 }), solana_signTransaction ({ transaction: base64 wire,
 * chainId } → { transaction: base64, signature: base58 }), solana_signAndSendTransaction (→ { signature: base58 }, sent to the
 * configured RPC). A transaction is signed only when its fee payer is the embedded wallet.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { PublicKey, VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import { formatUnits } from 'viem';
import { openSolanaKeypair } from './keys.js';
import { solanaNetwork, type SolanaNetwork } from './networks.js';
import { SignError } from './sign-error.js';
import { UNPRINTABLE } from './sign-evm.js';
import type { MethodHandler, SignContext, SignDisplay, Words } from './signing.js';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']);
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const LAMPORTS_PER_SIGNATURE = 5000n;
/** The runtime's compute-unit limit without SetComputeUnitLimit: per instruction (not the compute budget's), and at most. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_UNITS = 1_400_000n;
/** The off-chain message signing domain: bytes starting so are an off-chain message, a format this service does not sign. */
const OFFCHAIN_DOMAIN = Buffer.from('\xffsolana offchain', 'latin1');

function paramObject(method: string, params: unknown): Record<string, unknown> {
  if (!params || typeof params !== 'object' || Array.isArray(params)) throw new SignError(-32602, `${method} expects an object`);
  return params as Record<string, unknown>;
}

const sol = (lamports: bigint): string => `${formatUnits(lamports, 9)} SOL`;
const u64 = (data: Uint8Array, at: number): bigint => Buffer.from(data).readBigUInt64LE(at);

/** The text of `bytes` when it is printable UTF-8, else its hex. */
function messageText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const exact = Buffer.from(text, 'utf8').equals(Buffer.from(bytes));
  return exact && !UNPRINTABLE.test(text) ? text : `0x${Buffer.from(bytes).toString('hex')}`;
}

/**
 * Whether `bytes` are exactly a legacy or v0 transaction message (what a transaction's signatures sign). The
 * runtime verifies signatures over the message's canonical serialization, so only bytes that parse and serialize
 * back to themselves can authorize a transaction; a text that merely starts like a message header is not refused.
 */
function isTransactionMessage(bytes: Uint8Array): boolean {
  try {
    return Buffer.from(VersionedMessage.deserialize(bytes).serialize()).equals(Buffer.from(bytes));
  } catch {
    return false;
  }
}

const signMessage: MethodHandler = async (ctx, params) => {
  const p = paramObject('solana_signMessage', params);
  if (p.pubkey !== ctx.user.solanaAddress) throw new SignError(4100, 'The requested account is not the embedded wallet');
  let bytes: Uint8Array;
  try {
    if (typeof p.message !== 'string') throw new Error('not a string');
    bytes = base58.decode(p.message);
  } catch {
    throw new SignError(-32602, 'solana_signMessage: message must be base58');
  }
  // A signature over a transaction message's exact bytes is that transaction's signature: never a "message".
  if (isTransactionMessage(bytes)) throw new SignError(-32602, 'solana_signMessage: the message is a Solana transaction; sign it with solana_signTransaction');
  if (Buffer.from(bytes.subarray(0, OFFCHAIN_DOMAIN.length)).equals(OFFCHAIN_DOMAIN)) throw new SignError(-32602, 'solana_signMessage: off-chain messages (\\xffsolana offchain) are not supported');
  const display: SignDisplay = { method: 'solana_signMessage', address: ctx.user.solanaAddress, message: messageText(bytes) };
  const sign = async () => {
    const keypair = openSolanaKeypair(ctx.masterKey, ctx.user.id, ctx.user.solanaKeySealed);
    return { signature: base58.encode(ed25519.sign(bytes, keypair.secretKey.slice(0, 32))) };
  };
  return { display, sign };
};

/**
 * The compute budget a transaction sets, read as the runtime does: each kind at most once (a duplicate fails the
 * transaction), SetComputeUnitLimit capped at 1,400,000, without it 200,000 units per other instruction.
 * Anything else the compute budget program is asked, or data not of the exact length, is refused (-32602).
 */
class ComputeBudget {
  private readonly seen = new Set<number>();
  limit: bigint | undefined;
  /** Micro-lamports per compute unit. */
  price = 0n;
  others = 0n;

  constructor(private readonly method: string) {}

  /** Reads one compute budget instruction; the line that shows it. */
  read(data: Uint8Array): Words {
    const kind = data[0] ?? -1;
    const size = { 1: 5, 2: 5, 3: 9, 4: 5 }[kind];
    if (size === undefined || data.length !== size || this.seen.has(kind)) throw new SignError(-32602, `${this.method}: the transaction has a duplicate or malformed compute budget instruction`);
    this.seen.add(kind);
    if (kind === 2) {
      this.limit = BigInt(Buffer.from(data).readUInt32LE(1));
      return { id: 'ix.computeLimit', values: { units: this.limit.toString() } };
    }
    if (kind === 3) {
      this.price = u64(data, 1);
      return { id: 'ix.computePrice', values: { price: this.price.toString() } };
    }
    return { id: 'ix.computeOther' };
  }

  /** The priority fee in lamports: price × limit, a fraction of a lamport rounded up. */
  priorityFee(): bigint {
    const units = this.limit ?? this.others * DEFAULT_UNITS_PER_INSTRUCTION;
    const capped = units < MAX_UNITS ? units : MAX_UNITS;
    return (this.price * capped + 999_999n) / 1_000_000n;
  }
}

/** The instructions, one line each, the one SOL transfer's recipient and amount when there is one, and the compute budget. */
function describe(tx: VersionedTransaction, user: string, budget: ComputeBudget): Pick<SignDisplay, 'instructions' | 'recipient' | 'amount' | 'action'> {
  const keys = tx.message.staticAccountKeys.map((k) => k.toBase58());
  const lines: Words[] = [];
  const transfers: { to: string; lamports: bigint }[] = [];
  for (const ix of tx.message.compiledInstructions) {
    const program = keys[ix.programIdIndex];
    const account = (n: number): string | Words => keys[ix.accountKeyIndexes[n] ?? -1] ?? { id: 'ix.lookupAccount' };
    const data = ix.data;
    if (program === COMPUTE_BUDGET) {
      lines.push(budget.read(data));
      continue;
    }
    budget.others += 1n;
    if (program === SYSTEM_PROGRAM && data.length === 12 && Buffer.from(data).readUInt32LE(0) === 2) {
      const lamports = u64(data, 4);
      const from = account(0);
      const to = account(1);
      if (typeof to === 'string') transfers.push({ to, lamports });
      lines.push(from === user ? { id: 'ix.transferFromWallet', values: { amount: sol(lamports), to } } : { id: 'ix.transfer', values: { amount: sol(lamports), from, to } });
    } else if (program && TOKEN_PROGRAMS.has(program) && data[0] === 12 && data.length === 10) {
      lines.push({ id: 'ix.tokenTransfer', values: { amount: formatUnits(u64(data, 1), data[9]!), mint: account(1), to: account(2) } });
    } else lines.push(program ? { id: 'ix.call', values: { program } } : { id: 'ix.callFromLookup' });
  }
  const only = transfers.length === 1 && budget.others === 1n ? transfers[0] : undefined;
  return { instructions: lines, ...(only ? { action: 'send' as const, recipient: only.to, amount: sol(only.lamports) } : { action: 'call' as const }) };
}

function fileTransaction(method: 'solana_signTransaction' | 'solana_signAndSendTransaction', ctx: SignContext, params: unknown): { tx: VersionedTransaction; network: SolanaNetwork; display: SignDisplay } {
  const p = paramObject(method, params);
  const network = solanaNetwork(ctx.networks, p.chainId ?? ctx.chainId);
  if (typeof p.transaction !== 'string') throw new SignError(-32602, `${method}: transaction must be a base64 wire transaction`);
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(Buffer.from(p.transaction, 'base64'));
  } catch (err) {
    throw new SignError(-32602, `${method}: not a Solana wire transaction (${(err as Error).message})`);
  }
  const user = ctx.user.solanaAddress;
  if (!tx.message.staticAccountKeys[0]?.equals(new PublicKey(user))) throw new SignError(4100, 'The fee payer is not the embedded wallet');
  const budget = new ComputeBudget(method);
  const described = describe(tx, user, budget);
  // The fee the wallet pays: the base fee per signature and the priority fee (compute-unit price × limit).
  const display: SignDisplay = {
    method,
    address: user,
    network: network.name,
    ...described,
    fee: sol(LAMPORTS_PER_SIGNATURE * BigInt(tx.message.header.numRequiredSignatures) + budget.priorityFee()),
  };
  return { tx, network, display };
}

function signWith(ctx: SignContext, tx: VersionedTransaction): Uint8Array {
  tx.sign([openSolanaKeypair(ctx.masterKey, ctx.user.id, ctx.user.solanaKeySealed)]);
  return tx.serialize();
}

const signTransaction: MethodHandler = async (ctx, params) => {
  const { tx, display } = fileTransaction('solana_signTransaction', ctx, params);
  // The signed wire, and (as WalletConnect's Solana RPC answers) the wallet's signature, base58.
  return { display, sign: async () => ({ transaction: Buffer.from(signWith(ctx, tx)).toString('base64'), signature: base58.encode(tx.signatures[0]!) }) };
};

const signAndSendTransaction: MethodHandler = async (ctx, params) => {
  const { tx, network, display } = fileTransaction('solana_signAndSendTransaction', ctx, params);
  const sign = async () => {
    const wire = Buffer.from(signWith(ctx, tx)).toString('base64');
    const response = await fetch(network.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [wire, { encoding: 'base64', preflightCommitment: 'confirmed' }] }),
    }).catch((err: unknown) => {
      throw new SignError(-32603, `Sending the transaction failed: ${err instanceof Error ? err.message : String(err)}`);
    });
    const body = (await response.json().catch(() => ({}))) as { result?: unknown; error?: { message?: string } };
    if (typeof body.result !== 'string') throw new SignError(-32603, `Sending the transaction failed: ${body.error?.message ?? `HTTP ${response.status}`}`);
    return { signature: body.result };
  };
  return { display, sign };
};

export const SOLANA_METHODS = {
  solana_signMessage: signMessage,
  solana_signTransaction: signTransaction,
  solana_signAndSendTransaction: signAndSendTransaction,
} satisfies Record<string, MethodHandler>;
