// Small helpers of the wallet peer: a hand-out queue, polling, and log formatting.
import { setTimeout as sleep } from 'node:timers/promises';

/** A FIFO that hands each item to one waiter. */
export class Waiting<T extends { id: number }> {
  private items: T[] = [];
  private waiters: { resolve: (item: T) => void; reject: (err: Error) => void }[] = [];
  push(item: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(item);
    else this.items.push(item);
  }
  next(): Promise<T> {
    const item = this.items.shift();
    if (item) return Promise.resolve(item);
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }
  remove(id: number): void {
    this.items = this.items.filter((item) => item.id !== id);
  }
  close(err: Error): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(err);
    this.items = [];
  }
}

export const errorText = (err: unknown) => (err as { shortMessage?: string })?.shortMessage ?? (err instanceof Error ? err.message : String(err));
export const brief = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

export async function poll<T>(what: string, timeoutMs: number, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`wallet peer: timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}
