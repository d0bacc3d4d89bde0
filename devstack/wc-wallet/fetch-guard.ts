/**
 * Keeps the wallet peer offline: while at least one peer runs, `globalThis.fetch` is wrapped once so that
 * any request to a host other than loopback is refused on the spot, before any DNS lookup or socket, and
 * recorded. Loopback requests (the chains' RPCs) pass through untouched.
 *
 * What WalletKit/Core 2.25 try to reach in Node (see the reference): Verify's attestation GET for every
 * proposal and request, and the Pulse INIT event that WalletKit sends even with telemetry off. Both treat a
 * failed answer as "unknown" and go on. The refusal is a synthetic `503` response rather than a rejected
 * promise on purpose: Verify arms a 5 s abort timer per lookup and clears it only when fetch resolves, so
 * a rejection would leave one timer per proposal or request holding the process open for 5 s after stop().
 * The wrapper is removed when the last peer stops, unless something else has replaced `fetch` meanwhile.
 */

export interface BlockedRequest {
  url: string;
  method: string;
  /** Milliseconds since the epoch. */
  at: number;
}

type Fetch = typeof globalThis.fetch;

/** Set on the guard's refusals, so a caller can tell them from a real 503. */
export const BLOCKED_HEADER = 'x-wcm-offline-guard';
type Recorder = (entry: BlockedRequest) => void;

const recorders = new Set<Recorder>();
let original: Fetch | undefined;

/** True for 127.0.0.0/8, ::1 and localhost (also in IPv4-mapped form). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(host);
}

function describe(input: Parameters<Fetch>[0], init: Parameters<Fetch>[1]): { url: string; method: string } {
  if (typeof input === 'string') return { url: input, method: init?.method ?? 'GET' };
  if (input instanceof URL) return { url: input.href, method: init?.method ?? 'GET' };
  return { url: input.url, method: init?.method ?? input.method };
}

const guarded: Fetch = (input, init) => {
  const { url, method } = describe(input, init);
  let allowed = false;
  try {
    const parsed = new URL(url);
    allowed = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && isLoopbackHost(parsed.hostname);
  } catch {
    allowed = false;
  }
  if (allowed && original) return original(input, init);
  const entry = { url, method: method.toUpperCase(), at: Date.now() };
  for (const record of recorders) record(entry);
  return Promise.resolve(
    new Response(`wallet peer is offline: blocked ${entry.method} ${url} (only loopback hosts are allowed)\n`, {
      status: 503,
      statusText: 'Blocked by the wallet peer offline guard',
      headers: { 'content-type': 'text/plain; charset=utf-8', [BLOCKED_HEADER]: '1' },
    }),
  );
};

/** Installs the guard (once) and records blocked requests with `record` until the returned release is called. */
export function guardFetch(record: Recorder): () => void {
  if (recorders.size === 0 && globalThis.fetch !== guarded) {
    original = globalThis.fetch;
    globalThis.fetch = guarded;
  }
  recorders.add(record);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    recorders.delete(record);
    if (recorders.size === 0 && globalThis.fetch === guarded && original) {
      globalThis.fetch = original;
      original = undefined;
    }
  };
}
