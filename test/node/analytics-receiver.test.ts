// The local analytics receiver (devstack/analytics-receiver.ts) on the demo server: a batch of records kept, bounded
// bodies and batches, malformed input refused with a clear error, the last records answered.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createWebApp } from '../../devstack/web.js';
import { PROJECT_ROOT } from '../../server/paths.js';

describe('the demo server\'s analytics receiver (/analytics)', () => {
  const app = createWebApp({ root: PROJECT_ROOT, chains: [], analytics: true });
  const post = (body: string) => app.request('/analytics', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('keeps a batch and answers it; error reports are kept with their code', async () => {
    const records = [
      { type: 'event', event: 'wallet-open', detail: { view: 'Connect' }, timestamp: 1 },
      { type: 'error', code: 'SERVER_ERROR', message: 'Server error', timestamp: 2 },
    ];
    assert.equal((await post(JSON.stringify({ sdkType: 'wallet-connect-modal', sdkVersion: 'x', origin: 'http://site.test', records }))).status, 204);
    assert.deepEqual(((await (await app.request('/analytics')).json()) as { records: unknown[] }).records, records);
  });

  it('refuses bad JSON, a batch over 50 records, a malformed record and a body over 64 KB', async () => {
    assert.deepEqual(await (await post('{nope')).json(), { error: 'invalid_json' });
    const many = Array.from({ length: 51 }, (_, i) => ({ type: 'event', timestamp: i }));
    assert.equal((await post(JSON.stringify({ records: many }))).status, 400);
    assert.equal((await post(JSON.stringify({ records: [{ type: 'other', timestamp: 1 }] }))).status, 400);
    const huge = await post(JSON.stringify({ records: [{ type: 'event', timestamp: 1, pad: 'x'.repeat(70 * 1024) }] }));
    assert.equal(huge.status, 413);
  });

  it('is not mounted unless asked', async () => {
    const plain = createWebApp({ root: PROJECT_ROOT, chains: [] });
    assert.equal((await plain.request('/analytics')).status, 404);
  });
});
