/**
 * Health routes every service answers: `GET /health` (liveness: the process answers) and `GET /health/ready`
 * (readiness: each check passes, e.g. its database answers; 503 with the failing check's message otherwise,
 * and 503 while shutting down, so a load balancer stops sending it requests).
 */
export type ReadinessCheck = () => Promise<void>;

export interface Health {
  /** Answers `/health` and `/health/ready`; undefined for any other path, to fall through. */
  handle(request: Request): Promise<Response> | undefined;
  /** From now on readiness answers 503 "shutting down". */
  draining(): void;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });

export function health(checks: Record<string, ReadinessCheck> = {}, { timeoutMs = 2_000 }: { timeoutMs?: number } = {}): Health {
  let draining = false;
  const ready = async (): Promise<Response> => {
    if (draining) return json(503, { status: 'unavailable', reason: 'shutting down' });
    const results: Record<string, string> = {};
    let ok = true;
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs)))]);
          results[name] = 'ok';
        } catch (err) {
          ok = false;
          results[name] = err instanceof Error ? err.message : String(err);
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return json(ok ? 200 : 503, { status: ok ? 'ready' : 'unavailable', checks: results });
  };
  return {
    handle(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
      const path = new URL(request.url).pathname;
      if (path === '/health') return Promise.resolve(json(200, { status: 'ok' }));
      if (path === '/health/ready') return ready();
      return undefined;
    },
    draining() {
      draining = true;
    },
  };
}
