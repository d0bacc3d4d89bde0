/**
 * Per-client request budgets for the endpoints that spend the service's own money (relayed revocations, name
 * registrations): a fixed window per key, with the number of keys bounded so a flood of addresses cannot grow
 * the map without end (when full, expired windows are dropped, then the oldest).
 */

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether `key` has some of its window left (counts nothing). */
  allows(key: string): boolean {
    const window = this.windows.get(key);
    return !window || this.now() - window.start >= this.windowMs || window.count < this.limit;
  }

  /** Counts one request for `key`; false when `key` has used up its window. */
  take(key: string): boolean {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.evict(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) return false;
    window.count += 1;
    return true;
  }

  private evict(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
    while (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) break;
      this.windows.delete(oldest);
    }
  }
}
