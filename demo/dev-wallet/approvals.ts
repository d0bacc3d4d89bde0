// The consent queue: requests that need the user's Approve or Reject wait here, whoever answers them
// (the prompt UI, a test script through DevWallet.approve/reject, or the mode itself).
import { userRejected } from './errors.js';
import type { DevWalletMode, PendingRequest } from './types.js';

type Ask = Omit<PendingRequest, 'id'>;

interface Item {
  request: PendingRequest;
  decide(approved: boolean): void;
  /** Settles when the whole request is handled (after the approved action ran or failed). */
  done: Promise<void>;
}

export interface ApprovalQueue {
  mode: DevWalletMode;
  /**
   * Asks for consent, then runs `action`. Rejection throws 4001. `onDecision` learns the answer before the
   * action runs (for the request log).
   */
  ask<T>(request: Ask, action: () => Promise<T>, onDecision: (approved: boolean) => void): Promise<T>;
  pending(): PendingRequest[];
  /** Answers request `id`, or the oldest one (waiting up to `waitMs` for one). Resolves once handled. */
  decide(approved: boolean, id?: number, waitMs?: number): Promise<void>;
  subscribe(listener: (pending: PendingRequest[]) => void): () => void;
  /** Rejects everything pending (uninstall). */
  clear(): void;
}

export function createApprovalQueue(mode: DevWalletMode): ApprovalQueue {
  const items: Item[] = [];
  const listeners = new Set<(pending: PendingRequest[]) => void>();
  const waiters = new Set<() => void>();
  let nextId = 1;

  const snapshot = () => items.map((item) => ({ ...item.request }));
  const notify = () => {
    const list = snapshot();
    for (const listener of [...listeners]) {
      try {
        listener(list);
      } catch (error) {
        globalThis.reportError?.(error); // a broken UI must not fail the request: a script can still answer it
      }
    }
  };
  const take = (item: Item) => {
    const at = items.indexOf(item);
    if (at < 0) return false; // answered meanwhile (two callers raced for the same request)
    items.splice(at, 1);
    notify();
    return true;
  };

  const waitForItem = (ms: number) =>
    new Promise<Item | undefined>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(items[0]);
      };
      const timer = setTimeout(wake, ms);
      waiters.add(wake);
    });

  const queue: ApprovalQueue = {
    mode,
    async ask(request, action, onDecision) {
      if (queue.mode !== 'prompt') {
        const approved = queue.mode === 'approve';
        onDecision(approved);
        if (!approved) throw userRejected();
        return action();
      }
      let decide!: (approved: boolean) => void;
      let finish!: () => void;
      const decision = new Promise<boolean>((resolve) => (decide = resolve));
      const done = new Promise<void>((resolve) => (finish = resolve));
      items.push({ request: { id: nextId++, ...request }, decide, done });
      notify();
      for (const wake of [...waiters]) wake();
      try {
        const approved = await decision;
        onDecision(approved);
        if (!approved) throw userRejected();
        return await action();
      } finally {
        finish();
      }
    },
    pending: snapshot,
    async decide(approved, id, waitMs = 5000) {
      let item = id === undefined ? items[0] : items.find((i) => i.request.id === id);
      if (!item && id === undefined) item = await waitForItem(waitMs);
      if (!item || !take(item)) {
        throw new Error(id === undefined ? 'No pending request.' : `No pending request with id ${id}.`);
      }
      item.decide(approved);
      return item.done;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      for (const item of items.splice(0)) item.decide(false);
      notify();
      listeners.clear();
    },
  };
  return queue;
}
