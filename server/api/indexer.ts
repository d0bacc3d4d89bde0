import { setTimeout as sleep } from 'node:timers/promises';
import { numberToHex, type Hex } from 'viem';
import { parseBlock, type IndexedBlock, type RpcBlock, type RpcReceipt } from './block-parser.js';
import type { ApiChain, ChainRegistry } from './chains.js';
import type { ChainLeases } from './lease.js';
import { IndexConflictError, type IndexStore } from './store.js';
import type { TokenCatalog } from './token-metadata.js';

export interface IndexerOptions {
  /** How often each chain is asked for its head. */
  pollIntervalMs?: number;
  /** Blocks fetched (in one JSON-RPC batch) and written per step. */
  batchSize?: number;
}

/** Polls that a chain's follower (an instance without its lease) reads the index's height, at most. */
const FOLLOWER_POLL_MS = 250;

export interface IndexerStats {
  /** Blocks fetched from the node since this indexer started, per chain: a restart that resumes fetches few. */
  blocksFetched: Record<number, number>;
  /** Times a chain's index was dropped because the node's genesis block changed. */
  resets: Record<number, number>;
  /** Times indexed blocks were dropped because the node no longer has them. */
  rollbacks: Record<number, number>;
}

interface Waiter {
  chainId: number;
  blockNumber: number;
  resolve(): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

type Request = (args: { method: string; params: unknown[] }) => Promise<unknown>;
const requester = (chain: ApiChain): Request => chain.client.request as unknown as Request;
const ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * Follows every configured chain from its start block (`startBlock`, default genesis): polls the head, fetches
 * new blocks with their receipts, and writes transactions and transfers to the index, one transaction per batch.
 * Resumes where the stored index stopped; drops a chain's index when its genesis block changed (a fresh anvil),
 * and rolls back blocks that are no longer on the chain (`evm_revert`). Of several instances on one database,
 * only the holder of a chain's lease (lease.ts) indexes it; the others read its height from the index.
 */
export class Indexer {
  readonly stats: IndexerStats = { blocksFetched: {}, resets: {}, rollbacks: {} };
  private running = false;
  private readonly loops: Promise<void>[] = [];
  private abort = new AbortController();
  private readonly waiters = new Set<Waiter>();
  private readonly lastErrorLog = new Map<number, number>();
  /** Chains whose saved index was checked against the node (genesis and head) in this run: only they satisfy waits. */
  private readonly verified = new Set<number>();
  /** Each chain's indexed height as this instance last wrote or read it. */
  private readonly last = new Map<number, number>();
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly store: IndexStore,
    private readonly chains: ChainRegistry,
    private readonly tokens: TokenCatalog,
    private readonly leases: ChainLeases,
    { pollIntervalMs = 250, batchSize = 50 }: IndexerOptions = {},
  ) {
    this.pollIntervalMs = pollIntervalMs;
    this.batchSize = batchSize;
  }

  /** Reads each chain's stored height, then follows the chains. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.abort = new AbortController();
    for (const chain of this.chains.all()) {
      this.stats.blocksFetched[chain.chainId] ??= 0;
      this.stats.resets[chain.chainId] ??= 0;
      this.stats.rollbacks[chain.chainId] ??= 0;
      const state = await this.store.chainState(chain.chainId);
      if (state) this.last.set(chain.chainId, state.lastBlock);
    }
    for (const chain of this.chains.all()) this.loops.push(this.follow(chain));
  }

  /** Stops polling, waits for the batch in flight to be written and gives the chains' leases up. Pending waits are rejected. */
  async stop(): Promise<void> {
    this.running = false;
    this.abort.abort();
    await Promise.all(this.loops.splice(0));
    await this.leases.releaseAll();
    for (const waiter of this.waiters) this.settle(waiter, new Error('indexer stopped'));
  }

  /** The highest block indexed on `chainId` (as this instance last saw it), or -1. */
  lastIndexedBlock(chainId: number): number {
    return this.last.get(chainId) ?? -1;
  }

  /** Resolves once `blockNumber` on `chainId` is in the index. */
  waitForBlock(chainId: number, blockNumber: number | bigint, timeoutMs = 15_000): Promise<void> {
    const target = Number(blockNumber);
    if (this.isIndexed(chainId, target)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        chainId,
        blockNumber: target,
        resolve,
        reject,
        timer: setTimeout(() => this.settle(waiter, new Error(`indexer: block ${target} on chain ${chainId} not indexed within ${timeoutMs} ms (at ${this.lastIndexedBlock(chainId)})`)), timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Resolves once the index has caught up with the chain's current head. */
  async waitForHead(chainId: number, timeoutMs?: number): Promise<void> {
    const chain = this.chains.get(chainId);
    if (!chain) throw new Error(`indexer: chain ${chainId} is not served`);
    await this.waitForBlock(chainId, await chain.client.getBlockNumber({ cacheTime: 0 }), timeoutMs);
  }

  private settle(waiter: Waiter, error?: Error): void {
    clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
    if (error) waiter.reject(error);
    else waiter.resolve();
  }

  private isIndexed(chainId: number, blockNumber: number): boolean {
    return this.verified.has(chainId) && this.lastIndexedBlock(chainId) >= blockNumber;
  }

  private notify(chainId: number): void {
    for (const waiter of this.waiters) if (waiter.chainId === chainId && this.isIndexed(chainId, waiter.blockNumber)) this.settle(waiter);
  }

  private async follow(chain: ApiChain): Promise<void> {
    let genesisChecked = false;
    while (this.running) {
      let interval = this.pollIntervalMs;
      try {
        if (await this.leases.hold(chain.chainId)) {
          if (!genesisChecked) {
            await this.checkGenesis(chain);
            genesisChecked = true;
          }
          genesisChecked = await this.syncToHead(chain);
        } else {
          // Another instance indexes this chain: follow its height.
          genesisChecked = false;
          interval = Math.max(interval, FOLLOWER_POLL_MS);
          const state = await this.store.chainState(chain.chainId);
          if (state) {
            this.last.set(chain.chainId, state.lastBlock);
            this.verified.add(chain.chainId);
            this.notify(chain.chainId);
          }
        }
      } catch (err) {
        genesisChecked = false; // the node may have been restarted: look again before trusting the index
        this.verified.delete(chain.chainId);
        if (err instanceof IndexConflictError) this.leases.drop(chain.chainId);
        else this.logError(chain.chainId, err);
        const state = await this.store.chainState(chain.chainId).catch(() => undefined);
        if (state) this.last.set(chain.chainId, state.lastBlock);
      }
      if (!this.running) break;
      // Aborted by stop(), so a stopping indexer does not wait out the interval.
      await sleep(interval, undefined, { signal: this.abort.signal }).catch(() => undefined);
    }
  }

  private logError(chainId: number, err: unknown): void {
    const now = Date.now();
    if (now - (this.lastErrorLog.get(chainId) ?? 0) < ERROR_LOG_INTERVAL_MS) return;
    this.lastErrorLog.set(chainId, now);
    console.warn(`[wallet-api] indexer, chain ${chainId}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }

  private async blockHeader(chain: ApiChain, tag: Hex | 'latest'): Promise<{ number: number; hash: string } | undefined> {
    const block = (await requester(chain)({ method: 'eth_getBlockByNumber', params: [tag, false] })) as RpcBlock | null;
    return block ? { number: Number(BigInt(block.number)), hash: block.hash.toLowerCase() } : undefined;
  }

  /** Starts the chain's index over (at its start block) when there is none, the node's genesis changed, or the start block did. */
  private async checkGenesis(chain: ApiChain): Promise<void> {
    const genesis = await this.blockHeader(chain, '0x0');
    if (!genesis) throw new Error('node has no genesis block');
    const state = await this.store.chainState(chain.chainId);
    if (state && state.genesisHash === genesis.hash && state.firstBlock === chain.startBlock) {
      this.last.set(chain.chainId, state.lastBlock);
      return;
    }
    await this.reset(chain, genesis.hash, state !== undefined);
  }

  private async reset(chain: ApiChain, genesisHash: string, counted: boolean): Promise<void> {
    if (counted) this.stats.resets[chain.chainId] = (this.stats.resets[chain.chainId] ?? 0) + 1;
    await this.store.resetChain(chain.chainId, genesisHash, chain.startBlock);
    this.last.set(chain.chainId, chain.startBlock - 1);
  }

  /** Indexes up to the head. Returns false when the chain no longer matches the index from genesis up. */
  private async syncToHead(chain: ApiChain): Promise<boolean> {
    const head = await this.blockHeader(chain, 'latest');
    if (!head) return true;
    let last = this.lastIndexedBlock(chain.chainId);
    if (head.number <= last && head.number >= chain.startBlock && (await this.store.blockHash(chain.chainId, head.number)) !== head.hash) {
      if (!(await this.rollback(chain, head.number))) return false;
      last = this.lastIndexedBlock(chain.chainId);
    }
    // Genesis and head agree with the index: what it holds up to `last` is this chain's.
    this.verified.add(chain.chainId);
    this.notify(chain.chainId);
    while (this.running && last < head.number) {
      const from = last + 1;
      const to = Math.min(head.number, last + this.batchSize);
      const blocks = await this.fetchBlocks(chain, from, to);
      if (from > chain.startBlock && blocks[0]?.parentHash !== (await this.store.blockHash(chain.chainId, from - 1))) {
        if (!(await this.rollback(chain, from - 1))) return false;
        return true; // resume from the common ancestor on the next poll
      }
      await this.loadTokenMetadata(chain.chainId, blocks);
      if (!this.running) break;
      await this.store.writeBlocks(chain.chainId, blocks, { after: last });
      this.stats.blocksFetched[chain.chainId] = (this.stats.blocksFetched[chain.chainId] ?? 0) + blocks.length;
      last = to;
      this.last.set(chain.chainId, last);
      this.notify(chain.chainId);
    }
    return true;
  }

  /**
   * Walks back from `fromBlock` to the newest block whose hash still matches. When none does down to the start
   * block, the chain is started over: false when even genesis differs (checked again on the next poll).
   */
  private async rollback(chain: ApiChain, fromBlock: number): Promise<boolean> {
    for (let n = Math.min(fromBlock, this.lastIndexedBlock(chain.chainId)); n >= chain.startBlock; n--) {
      const onChain = await this.blockHeader(chain, numberToHex(n));
      if (onChain && onChain.hash === (await this.store.blockHash(chain.chainId, n))) {
        await this.store.rollbackTo(chain.chainId, n);
        this.last.set(chain.chainId, n);
        this.stats.rollbacks[chain.chainId] = (this.stats.rollbacks[chain.chainId] ?? 0) + 1;
        return true;
      }
    }
    if (chain.startBlock === 0) return false;
    const state = await this.store.chainState(chain.chainId);
    await this.reset(chain, state?.genesisHash ?? '', true);
    return false;
  }

  private async fetchBlocks(chain: ApiChain, from: number, to: number): Promise<IndexedBlock[]> {
    const request = requester(chain);
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => numberToHex(from + i));
    // Issued together so the batching transport sends them as one JSON-RPC batch.
    const [blocks, receipts] = await Promise.all([
      Promise.all(numbers.map((n) => request({ method: 'eth_getBlockByNumber', params: [n, true] }) as Promise<RpcBlock | null>)),
      Promise.all(numbers.map((n) => request({ method: 'eth_getBlockReceipts', params: [n] }) as Promise<RpcReceipt[] | null>)),
    ]);
    const weth = chain.seeded?.uniswapV2.weth;
    return blocks.map((block, i) => {
      if (!block) throw new Error(`block ${numbers[i]} vanished while indexing`);
      return parseBlock(block, receipts[i] ?? [], weth);
    });
  }

  private async loadTokenMetadata(chainId: number, blocks: readonly IndexedBlock[]): Promise<void> {
    const tokens = new Map<string, 'erc20' | 'erc721'>();
    for (const block of blocks) {
      for (const tx of block.txs) {
        for (const transfer of tx.transfers) if (transfer.token && transfer.kind !== 'native') tokens.set(transfer.token, transfer.kind);
      }
    }
    await Promise.all([...tokens].map(([address, kind]) => this.tokens.get(chainId, address, kind)));
  }
}
