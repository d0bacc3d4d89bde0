import { atom, type WritableAtom } from 'nanostores';
import type * as z from 'zod/mini';
import { STORAGE_PREFIX } from '../core/constants.js';

/**
 * A small versioned slice of state kept in localStorage. What is read back is parsed with its schema;
 * anything unreadable (another version, hand-edited, storage blocked) counts as absent.
 */
export function persistedAtom<T>(name: string, version: number, schema: z.ZodMiniType<T>, initial: T): WritableAtom<T> {
  const key = `${STORAGE_PREFIX}${name}`;
  const store = atom<T>(read() ?? initial);

  function read(): T | undefined {
    try {
      const raw = globalThis.localStorage?.getItem(key);
      if (!raw) return undefined;
      const slice = JSON.parse(raw) as { v?: unknown; data?: unknown };
      if (slice.v !== version) return undefined;
      const parsed = schema.safeParse(slice.data);
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  store.listen((value) => {
    try {
      if (value === initial) globalThis.localStorage?.removeItem(key);
      else globalThis.localStorage?.setItem(key, JSON.stringify({ v: version, data: value }));
    } catch {
      // Storage can be full or blocked (private modes, sandboxed frames): the widget works without it.
    }
  });
  return store;
}
