import type { FakeFetch } from './fake-fetch.js';

/**
 * A scripted wallet directory over the fake `fetch`: `GET <base>/getWallets` answered the way
 * `server/directory/app.ts` answers it (include, exclude, chains, search up to 100, then page/entries),
 * from the records a test gives. `hold` lets a test keep an answer back (late answers, loading states);
 * `fail` answers with an HTTP status instead.
 */
export interface FakeRecord {
  id: string;
  name: string;
  image_id?: string;
  chains?: string[];
  mobile_link?: string | null;
  webapp_link?: string | null;
  link_mode?: string | null;
  rdns?: string | null;
}

export interface DirectoryScript {
  hold?(url: URL): Promise<unknown> | undefined;
  fail?(url: URL): number | undefined;
}

/** `count` wallets `w001`… named "Wallet 001"…, desktop-only unless `extra` says otherwise. */
export const records = (count: number, from = 1, extra: Partial<FakeRecord> = {}): FakeRecord[] =>
  Array.from({ length: count }, (_, i) => {
    const n = String(from + i).padStart(3, '0');
    return { id: `w${n}`, name: `Wallet ${n}`, image_id: `w${n}-icon`, ...extra };
  });

const csv = (value: string | null) => (value ? value.split(',').filter(Boolean) : undefined);

export function serveDirectory(net: FakeFetch, all: FakeRecord[], script: DirectoryScript = {}, base = ''): { getWallets: () => URL[] } {
  const path = `${base}/getWallets`;
  net.route(path, async (url) => {
    const held = script.hold?.(url);
    if (held) await held;
    const status = script.fail?.(url);
    if (status) return { status, body: { status: 'ERROR', reasons: [] } };
    const q = url.searchParams;
    let list = all;
    const include = csv(q.get('include'));
    const exclude = csv(q.get('exclude'));
    const chains = csv(q.get('chains'));
    if (include) list = list.filter((w) => include.includes(w.id));
    if (exclude) list = list.filter((w) => !exclude.includes(w.id));
    if (chains) list = list.filter((w) => !w.chains || w.chains.some((c) => chains.includes(c)));
    const search = q.get('search')?.trim().toLowerCase();
    if (search) list = list.filter((w) => w.name.toLowerCase().includes(search)).slice(0, 100);
    const page = Number(q.get('page') ?? '1');
    const entries = Number(q.get('entries') ?? '40');
    return { body: { count: list.length, data: list.slice((page - 1) * entries, page * entries) } };
  });
  return { getWallets: () => net.calls.filter((u) => u.pathname === path) };
}
