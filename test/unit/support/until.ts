/** The real timer, taken before any test installs a fake clock (test/unit/support/clock.ts). */
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

/**
 * Polls `check` on real timers until it is true; throws, naming `what`, when `timeoutMs` passes first.
 * A wait that gives up silently would let the assertion after it pass or fail for the wrong reason.
 */
export async function until(check: () => boolean, what = 'condition', timeoutMs = 2000): Promise<void> {
  const start = realNow();
  while (!check()) {
    if (realNow() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => realSetTimeout(resolve, 10));
  }
}
