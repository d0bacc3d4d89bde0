// The JSON-RPC methods of the facade (what @solana/web3.js 1.x Connection and spl-token call).
import { sha256 } from '@noble/hashes/sha2';
import { base58 } from '@scure/base';
import { accountJson, mintSupply, tokenAccountInfo, tokenAccountsByOwner, mintDecimals, uiTokenAmount } from './accounts.js';
import { LAMPORTS_PER_SIGNATURE, LOCAL_SOLANA_GENESIS_HASH, SOLANA_CORE_VERSION } from '../../server/solana/constants.js';
import { RpcError } from './errors.js';
import { assertAddress, type Ledger } from './ledger.js';
import { getTransactionJson, metaJson, transactionJson } from './transactions.js';

type Params = unknown[];
type Config = { encoding?: string; commitment?: string; skipPreflight?: boolean; sigVerify?: boolean; limit?: number; before?: string; until?: string; transactionDetails?: string };
export type RpcMethod = (params: Params) => unknown;

const SLOTS_PER_EPOCH = 432_000;

function wireOf(tx: unknown, encoding: string | undefined): Uint8Array {
  if (typeof tx !== 'string') throw new RpcError(-32602, 'Invalid params: transaction must be a string');
  try {
    return encoding === 'base64' ? new Uint8Array(Buffer.from(tx, 'base64')) : base58.decode(tx);
  } catch {
    throw new RpcError(-32602, `Invalid params: invalid ${encoding ?? 'base58'} encoding`);
  }
}

export function createMethods(ledger: Ledger): Record<string, RpcMethod> {
  const ctx = () => ({ context: { slot: ledger.slot, apiVersion: SOLANA_CORE_VERSION } });
  const cfg = (p: unknown): Config => (p && typeof p === 'object' ? (p as Config) : typeof p === 'string' ? { encoding: p } : {});
  const raw = (address: unknown) => {
    const a = ledger.account(assertAddress(address));
    if (!a) throw new RpcError(-32602, 'Invalid param: could not find account');
    return a;
  };

  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 }),
    getGenesisHash: () => LOCAL_SOLANA_GENESIS_HASH,
    getIdentity: () => ({ identity: LOCAL_SOLANA_GENESIS_HASH }),
    getSlot: () => ledger.slot,
    getBlockHeight: () => ledger.slot,
    getTransactionCount: () => ledger.transactionCount,
    getEpochInfo: () => ({ absoluteSlot: ledger.slot, blockHeight: ledger.slot, epoch: Math.floor(ledger.slot / SLOTS_PER_EPOCH), slotIndex: ledger.slot % SLOTS_PER_EPOCH, slotsInEpoch: SLOTS_PER_EPOCH, transactionCount: ledger.transactionCount }),
    getLatestBlockhash: () => ({ ...ctx(), value: { blockhash: ledger.latestBlockhash(), lastValidBlockHeight: ledger.slot + 150 } }),
    isBlockhashValid: () => ({ ...ctx(), value: true }),
    getFeeForMessage: ([message]) => {
      const bytes = Buffer.from(String(message), 'base64');
      const signers = (bytes[0] ?? 0) & 0x80 ? (bytes[1] ?? 0) : (bytes[0] ?? 0);
      return { ...ctx(), value: LAMPORTS_PER_SIGNATURE * signers };
    },
    getRecentPrioritizationFees: () => [],
    getMinimumBalanceForRentExemption: ([size]) => Number(ledger.svm.minimumBalanceForRentExemption(BigInt(Number(size) || 0))),
    getBalance: ([address]) => ({ ...ctx(), value: ledger.balance(assertAddress(address)) }),
    getAccountInfo: ([address, c]) => ({ ...ctx(), value: accountJson(ledger, assertAddress(address), cfg(c).encoding) }),
    getMultipleAccounts: ([addresses, c]) => ({ ...ctx(), value: (addresses as unknown[]).map((a) => accountJson(ledger, assertAddress(a), cfg(c).encoding)) }),
    getTokenAccountBalance: ([address]) => {
      const info = tokenAccountInfo(raw(address));
      if (!info) throw new RpcError(-32602, 'Invalid param: not a Token account');
      return { ...ctx(), value: uiTokenAmount(info.amount, mintDecimals(ledger, info.mint)) };
    },
    getTokenSupply: ([mint]) => {
      const info = mintSupply(raw(mint));
      if (!info) throw new RpcError(-32602, 'Invalid param: not a Token mint');
      return { ...ctx(), value: uiTokenAmount(info.supply, info.decimals) };
    },
    getTokenAccountsByOwner: ([owner, filter, c]) => ({ ...ctx(), value: tokenAccountsByOwner(ledger, assertAddress(owner), (filter ?? {}) as { mint?: string; programId?: string }, cfg(c).encoding) }),
    requestAirdrop: ([address, lamports]) => ledger.airdrop(assertAddress(address), BigInt(Number(lamports))),
    sendTransaction: ([tx, c]) => {
      const config = cfg(c);
      const wire = wireOf(tx, config.encoding);
      if (!config.skipPreflight) {
        // Like a real RPC node: a transaction whose preflight fails never lands.
        const sim = ledger.simulate(wire, true);
        if (sim.err) throw new RpcError(-32002, `Transaction simulation failed: ${JSON.stringify(sim.err)}`, { err: sim.err, logs: sim.logs, accounts: null, unitsConsumed: sim.unitsConsumed });
      }
      const { signature, rejected } = ledger.send(wire);
      if (rejected) throw new RpcError(-32002, `Transaction simulation failed: ${JSON.stringify(rejected.err)}`, { err: rejected.err, logs: rejected.logs, accounts: null, unitsConsumed: rejected.unitsConsumed });
      return signature;
    },
    simulateTransaction: ([tx, c]) => {
      const config = cfg(c);
      const sim = ledger.simulate(wireOf(tx, config.encoding), config.sigVerify ?? false);
      return { ...ctx(), value: { ...sim, accounts: null, returnData: null } };
    },
    getSignatureStatuses: ([list]) => ({
      ...ctx(),
      value: (list as string[]).map((s) => {
        const r = ledger.record(s);
        return r ? { slot: r.slot, confirmations: null, err: r.err, status: r.err ? { Err: r.err } : { Ok: null }, confirmationStatus: 'finalized' } : null;
      }),
    }),
    getTransaction: ([signature, c]) => {
      const r = ledger.record(String(signature));
      return r ? getTransactionJson(ledger, r, (cfg(c).encoding ?? 'json') as 'json') : null;
    },
    getSignaturesForAddress: ([address, c]) => {
      const { limit = 1000, before, until } = cfg(c);
      let list = ledger.signaturesFor(assertAddress(address));
      if (before) list = list.slice(list.indexOf(before) + 1 || list.length);
      if (until && list.includes(until)) list = list.slice(0, list.indexOf(until));
      return list.slice(0, Math.min(limit, 1000)).map((s) => {
        const r = ledger.record(s);
        return { signature: s, slot: r?.slot, err: r?.err ?? null, memo: null, blockTime: r?.blockTime ?? null, confirmationStatus: 'finalized' };
      });
    },
    /** Slots holding a transaction in [start, end] (every landed transaction has a slot of its own). */
    getBlocks: ([start, end]) => {
      const last = Math.min(Number(end ?? ledger.slot), ledger.slot);
      return ledger.slotsWithTransactions().filter((s) => s >= Number(start) && s <= last);
    },
    getFirstAvailableBlock: () => ledger.firstSlot,
    getBlock: ([slot, c]) => {
      const r = ledger.recordAtSlot(Number(slot));
      if (!r) throw new RpcError(-32007, `Slot ${String(slot)} was skipped, or missing due to ledger jump to recent snapshot`);
      const config = cfg(c);
      const full = (config.transactionDetails ?? 'full') === 'full';
      const transaction = transactionJson(ledger, r, (config.encoding ?? 'json') as 'json');
      return {
        // Differs between runs (block time) so an indexer can tell a restarted chain from the one it indexed.
        blockhash: base58.encode(sha256(new TextEncoder().encode(`${r.slot}:${r.signature}:${r.blockTime}`))),
        previousBlockhash: LOCAL_SOLANA_GENESIS_HASH,
        parentSlot: Math.max(0, r.slot - 1),
        blockHeight: r.slot,
        blockTime: r.blockTime,
        rewards: [],
        ...(full ? { transactions: [{ transaction, meta: metaJson(r), version: (transaction as { message?: { addressTableLookups?: unknown } }).message?.addressTableLookups ? 0 : 'legacy' }] } : { signatures: [r.signature] }),
      };
    },
  };
}
