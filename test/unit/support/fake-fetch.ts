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
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url);
    const answer = routes.get(url.pathname);
    if (!answer) return new Response('not found', { status: 404 });
    const { status = 200, body } = await answer(url);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return {
    calls,
    route: (pathname, answer) => void routes.set(pathname, answer),
    restore: () => { globalThis.fetch = real; },
  };
}
