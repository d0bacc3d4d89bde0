import type { WalletConnectClient } from '../../../src/connectors/walletconnect/client.js';

type Namespaces = Record<string, { accounts: string[]; methods: readonly string[]; events: string[] }>;

/**
 * A sign client as far as the WalletConnect connectors use it: one session (`topic`) whose namespaces
 * `namespaces(state)` gives, requests answered by `state.answer`, events fired by hand. `extra` adds the test's
 * own state (accounts, …), which `namespaces` reads, so a test can change the session as it goes.
 */
export function fakeSignClient<S extends object, P = unknown>(topic: string, extra: S, namespaces: (state: S) => Namespaces) {
  const listeners = new Map<string, Set<(args: unknown) => void>>();
  const sent: { chainId: string; method: string; params: P }[] = [];
  const state = {
    alive: true,
    answer: (method: string, params: P): unknown => ({ method, params }),
    disconnected: [] as unknown[],
    socketClosed: 0,
    ...extra,
  };
  const current = () => ({ topic, namespaces: namespaces(state) });
  const client = {
    session: {
      get: (asked: string) => {
        if (asked !== topic || !state.alive) throw new Error(`No matching key. session topic doesn't exist: ${asked}`);
        return current();
      },
      getAll: () => (state.alive ? [current()] : []),
    },
    core: {
      relayer: {
        transportClose: async () => {
          state.socketClosed++;
        },
      },
    },
    async request({ chainId, request }: { topic: string; chainId: string; request: { method: string; params: P } }) {
      sent.push({ chainId, method: request.method, params: request.params });
      return state.answer(request.method, request.params);
    },
    async disconnect(args: unknown) {
      state.disconnected.push(args);
      state.alive = false;
    },
    on: (event: string, listener: (args: unknown) => void) => listeners.set(event, (listeners.get(event) ?? new Set()).add(listener)),
    off: (event: string, listener: (args: unknown) => void) => listeners.get(event)?.delete(listener),
  };
  const fire = (event: string, args: unknown) => listeners.get(event)?.forEach((listener) => listener(args));
  return { client: client as unknown as WalletConnectClient, sent, state, fire, listeners };
}
