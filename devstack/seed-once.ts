// Seeding is a second or two of real transactions per chain. A process that starts many stacks (the test suites:
// one stack per file, every file in one process) seeds each chain once and gives every later stack the very same
// chain: anvil's own dump of the seeded chain (blocks, receipts, logs and all) loaded into the new anvil, and the
// Solana seed's transactions sent again, in order, straight into the new ledger. The first seed is the real one;
// a copy that does not come out as the original did is an error, never a silently different chain.
import { rpcCall } from '../server/json-rpc.js';
import type { SeededChain } from '../server/chain/types.js';
import type { SeededSolana } from '../server/solana/types.js';
import type { Anvil } from './anvil.js';
import { seedLocalChain } from './chain/seed.js';
import { fundSolanaSeedAccounts, seedSolana } from './solana/seed.js';
import type { SolanaChain } from './solana/serve.js';

interface EvmSnapshot {
  /** anvil_dumpState of the chain just after its seed. */
  state: string;
  seeded: SeededChain;
  /** eth_getBlockByNumber('latest').hash then, to check the copy by. */
  head: string;
}

interface SolanaRecording {
  firstSlot: number;
  /** The seed's transactions in the order they landed: wire bytes and block time. */
  transactions: { wire: Uint8Array; blockTime: number; signature: string }[];
  seeded: SeededSolana;
}

/** Per chain id; a failed seed is forgotten, so the next stack seeds afresh. */
const evmSnapshots = new Map<number, Promise<EvmSnapshot>>();
let solanaRecording: Promise<SolanaRecording> | undefined;

/** How long anvil may take to dump or load a seeded chain (about 0.4 MB of JSON; 20 to 30 ms measured). */
const STATE_TIMEOUT_MS = 30_000;

const headHash = async (rpcUrl: string) => (await rpcCall<{ hash: string }>(rpcUrl, 'eth_getBlockByNumber', ['latest', false])).hash;

/** Seeds a fresh anvil, or loads the seeded state this process made for its chain id before. */
export async function seedEvmOnce(anvil: Anvil): Promise<SeededChain> {
  const { chainId, rpcUrl } = anvil;
  const earlier = evmSnapshots.get(chainId);
  if (earlier) {
    const snapshot = await earlier.catch(() => undefined);
    if (snapshot) {
      await rpcCall(rpcUrl, 'anvil_loadState', [snapshot.state], STATE_TIMEOUT_MS);
      const head = await headHash(rpcUrl);
      if (head !== snapshot.head) throw new Error(`chain ${chainId}: the loaded seed's head is ${head}, the seeded chain's was ${snapshot.head}`);
      return { ...structuredClone(snapshot.seeded), rpcUrl };
    }
  }
  const seeding = (async (): Promise<EvmSnapshot> => {
    const seeded = await seedLocalChain(rpcUrl, chainId);
    const [state, head] = await Promise.all([rpcCall<string>(rpcUrl, 'anvil_dumpState', [], STATE_TIMEOUT_MS), headHash(rpcUrl)]);
    return { state, seeded, head };
  })();
  evmSnapshots.set(chainId, seeding);
  seeding.catch(() => { if (evmSnapshots.get(chainId) === seeding) evmSnapshots.delete(chainId); });
  return structuredClone((await seeding).seeded);
}

/** Seeds a fresh Solana chain, or replays the seed this process recorded before into its ledger. */
export async function seedSolanaOnce(chain: SolanaChain): Promise<SeededSolana> {
  const { ledger } = chain;
  const earlier = await solanaRecording?.catch(() => undefined);
  if (earlier && earlier.firstSlot === ledger.slot) {
    fundSolanaSeedAccounts(ledger);
    try {
      for (const { wire, blockTime, signature } of earlier.transactions) {
        ledger.blockTimeOverride = blockTime;
        const { record, rejected } = ledger.send(wire);
        if (!record || rejected || record.err) throw new Error(`replaying the Solana seed: ${signature} did not land as it did (${JSON.stringify(rejected?.err ?? record?.err)})`);
      }
    } finally {
      ledger.blockTimeOverride = undefined;
    }
    if (ledger.slot !== earlier.seeded.seededAtSlot) throw new Error(`replaying the Solana seed ended at slot ${ledger.slot}, the seed at ${earlier.seeded.seededAtSlot}`);
    return { ...structuredClone(earlier.seeded), rpcUrl: chain.rpcUrl };
  }
  const firstSlot = ledger.slot;
  const seeding = (async (): Promise<SolanaRecording> => {
    const seeded = await seedSolana(chain);
    const transactions = ledger.slotsWithTransactions().map((slot) => {
      const { wire, blockTime, signature } = ledger.recordAtSlot(slot)!;
      return { wire, blockTime, signature };
    });
    return { firstSlot, transactions, seeded };
  })();
  solanaRecording = seeding;
  seeding.catch(() => { if (solanaRecording === seeding) solanaRecording = undefined; });
  return structuredClone((await seeding).seeded);
}
