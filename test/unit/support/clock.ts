/**
 * A manual clock standing in for setTimeout/clearTimeout/Date.now while one test runs
 * (the code under test reads the globals at call time). Real timers are restored after each test.
 */
export function installClock() {
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const realNow = Date.now;
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  globalThis.setTimeout = ((fn: () => void, ms = 0) => {
    const id = nextId++;
    timers.set(id, { at: now + ms, fn });
    return id;
  }) as unknown as typeof setTimeout;
  globalThis.clearTimeout = ((id: number | undefined) => {
    if (id !== undefined) timers.delete(id);
  }) as typeof clearTimeout;
  Date.now = () => now;
  return {
    tick(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
    restore() {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
      Date.now = realNow;
    },
  };
}

