// The EIP-1193 event emitter behind provider.on / removeListener.
import type { ProviderEvent, ProviderListener } from './types.js';

export interface Emitter {
  on(event: ProviderEvent, listener: ProviderListener): void;
  off(event: ProviderEvent, listener: ProviderListener): void;
  emit(event: ProviderEvent, payload: unknown): void;
  clear(): void;
}

export function createEmitter(): Emitter {
  const listeners = new Map<ProviderEvent, Set<ProviderListener>>();
  return {
    on(event, listener) {
      if (typeof listener !== 'function') return;
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event, payload) {
      // Copy first: a listener may remove itself. One throwing listener must not starve the others.
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          globalThis.reportError?.(error);
        }
      }
    },
    clear: () => listeners.clear(),
  };
}
