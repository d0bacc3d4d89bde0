// Follows each Solana chain's slots (getBlocks + getBlock jsonParsed) into the same SQLite index as the EVM
// chains, under the chain's negative store id. A chain restarted from scratch (the block at the last indexed
// slot differs or is gone) drops its index and starts again.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChainLeases } from '../lease.js';
import { IndexConflictError, type IndexStore } from '../store.js';
import type { ApiSolanaChain, SolanaChains } from './chain.js';
import { parseSolanaBlock, type RpcParsedBlock } from './block-parser.js';

const BATCH = 50;

export class SolanaIndexer {
  private running = false;
  private readonly loops: Promise<void>[] = [];
  private readonly synced = new Map<string, number>();
  private abort = new AbortController();

  constructor(
    private readonly store: IndexStore,
    private readonly chains: SolanaChains,
    private readonly leases: ChainLeases,
    private readonly pollIntervalMs = 250,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.abort = new AbortController();
    for (const chain of this.chains.all()) this.loops.push(this.follow(chain));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.abort.abort();
    await Promise.all(this.loops.splice(0));
    await this.leases.releaseAll();
  }

  /** Resolves once the index has caught up with the chain's slots before its current one at the time of the call. */
  async waitForHead(chainId: string, timeoutMs = 15_000): Promise<void> {
    const chain = this.chains.get(chainId);
    if (!chain) throw new Error(`solana indexer: chain ${chainId} is not served`);
    const head = (await chain.rpc<number>('getSlot')) - 1;
    const deadline = Date.now() + timeoutMs;
    while ((this.synced.get(chainId) ?? -1) < head) {
      if (Date.now() > deadline) throw new Error(`solana indexer: slot ${head} on ${chainId} not indexed within ${timeoutMs} ms`);
      await sleep(50);
    }
  }

  private async follow(chain: ApiSolanaChain): Promise<void> {
    let lastError = 0;
    while (this.running) {
      try {
        if (await this.leases.hold(chain.storeId)) await this.step(chain);
        else {
          // Another instance indexes this chain: follow its height.
          const state = await this.store.chainState(chain.storeId);
          if (state) this.synced.set(chain.chainId, state.lastBlock);
        }
      } catch (err) {
        if (err instanceof IndexConflictError) this.leases.drop(chain.storeId);
        else if (Date.now() - lastError > 30_000) console.warn(`[wallet-api] solana indexer ${chain.chainId}: ${err instanceof Error ? err.message : String(err)}`);
        lastError = Date.now();
      }
      await sleep(this.pollIntervalMs, undefined, { signal: this.abort.signal }).catch(() => undefined);
    }
  }

  private async block(chain: ApiSolanaChain, slot: number): Promise<RpcParsedBlock | undefined> {
    return chain.rpc<RpcParsedBlock>('getBlock', [slot, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, transactionDetails: 'full', rewards: false }]).catch(() => undefined);
  }

  private async step(chain: ApiSolanaChain): Promise<void> {
    const genesis = await chain.rpc<string>('getGenesisHash');
    let state = await this.store.chainState(chain.storeId);
    // Only slots with a transaction are stored: the newest of them must still be there.
    const known = state ? await this.store.latestBlock(chain.storeId) : undefined;
    if (known) {
      const now = await this.block(chain, known.number);
      if (!now || now.blockhash !== known.hash) state = undefined; // a new chain behind the same genesis hash
    }
    if (!state || state.genesisHash !== genesis) {
      await this.store.resetChain(chain.storeId, genesis);
      state = { genesisHash: genesis, firstBlock: 0, lastBlock: -1 };
    }
    // The current slot may still take transactions (the local ledger lands the next one in it): index the ones before it.
    const head = (await chain.rpc<number>('getSlot')) - 1;
    const first = state.lastBlock >= 0 ? state.lastBlock + 1 : await chain.rpc<number>('getFirstAvailableBlock');
    if (head < first) {
      this.synced.set(chain.chainId, state.lastBlock);
      return;
    }
    const pending = await chain.rpc<number[]>('getBlocks', [first, head]);
    let after = state.lastBlock;
    for (let i = 0; i < pending.length && this.running; i += BATCH) {
      const slots = pending.slice(i, i + BATCH);
      const blocks = [];
      for (const slot of slots) {
        const block = await this.block(chain, slot);
        if (block) blocks.push(parseSolanaBlock(slot, block));
      }
      // Only slots with a transaction are written (getBlocks lists just those); the height moves to the batch's end.
      const through = i + BATCH >= pending.length ? head : (slots[slots.length - 1] as number);
      await this.store.writeBlocks(chain.storeId, blocks, { after, through });
      after = through;
    }
    if (pending.length === 0) await this.store.writeBlocks(chain.storeId, [], { after, through: head });
    this.synced.set(chain.chainId, head);
  }
}
