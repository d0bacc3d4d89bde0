/** A small time-bounded cache for service answers (docs/specification.md#constants lifetimes). In memory: nothing persisted. */
export class TtlCache<T> {
  readonly #entries = new Map<string, { value: T; expires: number }>();
  constructor(readonly ttlMs: number, readonly now: () => number = Date.now) {}

  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    this.#entries.set(key, { value, expires: this.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
