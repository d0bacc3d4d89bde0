/**
 * A scripted `fetch` for unit tests of the service client (one module under test): each route answers
 * with a status and a JSON body; every request is recorded. Restored by `restore()`.
 */
export interface FakeFetch {
  calls: URL[];
  route(pathname: string, answer: (url: URL) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>): void;
  restore(): void;
}

export function installFakeFetch(): FakeFetch {
  const real = globalThis.fetch;
  const routes = new Map<string, (url: URL) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>>();
  const calls: URL[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url);
    const answer = routes.get(url.pathname);
    if (!answer) return new Response('not found', { status: 404 });
    // As a real fetch: an aborted request rejects with AbortError, whenever its answer would have come.
    const signal = init?.signal;
    const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
    if (signal?.aborted) throw aborted();
    const { status = 200, body } = await new Promise<{ status?: number; body: unknown }>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(aborted()), { once: true });
      Promise.resolve(answer(url)).then(resolve, reject);
    });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return {
    calls,
    route: (pathname, answer) => void routes.set(pathname, answer),
    restore: () => { globalThis.fetch = real; },
  };
}
