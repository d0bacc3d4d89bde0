import { randomUUID } from 'node:crypto';
import type { IndexStore } from './store.js';

/**
 * Which instance follows a chain. Every instance of the API serves reads; only the holder of a chain's lease
 * (a row in the index, renewed while it runs) fetches and writes that chain's blocks, so two instances on one
 * PostgreSQL never index the same chain twice. A holder that dies is replaced when its lease runs out (`ttlMs`);
 * one that stops gives it up at once. Writes are fenced as well (IndexStore.writeBlocks `after`), so even a holder
 * that lost its lease mid-batch cannot write over its successor.
 */
export class ChainLeases {
  private readonly held = new Map<number, number>();
  private readonly lastTry = new Map<number, number>();

  constructor(
    private readonly store: IndexStore,
    readonly holder: string = randomUUID(),
    private readonly ttlMs = 15_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while this instance holds `chainId`'s lease: renews it once half of it has run, tries to take it at most every quarter. */
  async hold(chainId: number): Promise<boolean> {
    const now = this.now();
    const until = this.held.get(chainId);
    if (until !== undefined && now < until - this.ttlMs / 2) return true;
    if (until === undefined && now - (this.lastTry.get(chainId) ?? -Infinity) < this.ttlMs / 4) return false;
    this.lastTry.set(chainId, now);
    if (await this.store.lease(chainId, this.holder, this.ttlMs, now)) {
      this.held.set(chainId, now + this.ttlMs);
      return true;
    }
    this.held.delete(chainId);
    return false;
  }

  /** Forgets the lease (after a conflicting write): the next `hold` asks the store again. */
  drop(chainId: number): void {
    this.held.delete(chainId);
  }

  /** Gives up every lease this instance holds. */
  async releaseAll(): Promise<void> {
    const chains = [...this.held.keys()];
    this.held.clear();
    await Promise.all(chains.map((chainId) => this.store.releaseLease(chainId, this.holder).catch(() => undefined)));
  }
}
