/**
 * A local receiver for the widget's opt-in analytics (`analytics-url`, docs/analytics.md), mounted by the demo server
 * at `/analytics` as a site owner would mount their own: `POST /analytics` takes one batch (JSON, 64 KB at most, 50
 * records at most) and keeps the last 200 records in memory; `GET /analytics` answers them, newest last, for a look
 * while developing. Error reports are also printed to the console. Nothing is stored on disk or sent on.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';

const BODY_LIMIT = 64 * 1024;
const KEEP = 200;
const BATCH_MAX = 50;

export interface ReceivedRecord {
  type: 'event' | 'error';
  timestamp: number;
  [key: string]: unknown;
}

export function createAnalyticsReceiver(log: (line: string) => void = (line) => console.log(line)): { app: Hono; records: () => ReceivedRecord[] } {
  let kept: ReceivedRecord[] = [];
  const app = new Hono();
  app.post('/', bodyLimit({ maxSize: BODY_LIMIT, onError: (c) => c.json({ error: 'body_too_large', limit: BODY_LIMIT }, 413) }), async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'invalid_json' }, 400);
    }
    const records = (body as { records?: unknown } | null)?.records;
    if (!Array.isArray(records) || records.length > BATCH_MAX) return c.json({ error: 'invalid_batch', detail: `records: an array of at most ${BATCH_MAX}` }, 400);
    const valid = records.filter((r): r is ReceivedRecord => !!r && typeof r === 'object' && ((r as ReceivedRecord).type === 'event' || (r as ReceivedRecord).type === 'error') && typeof (r as ReceivedRecord).timestamp === 'number');
    if (valid.length !== records.length) return c.json({ error: 'invalid_record', detail: 'each record: { type: "event" | "error", timestamp: number, … }' }, 400);
    for (const record of valid) if (record.type === 'error') log(`[analytics] error report ${String(record.code)}: ${String(record.message)}`);
    kept = [...kept, ...valid].slice(-KEEP);
    return c.body(null, 204);
  });
  app.get('/', (c) => c.json({ records: kept }));
  return { app, records: () => kept };
}
