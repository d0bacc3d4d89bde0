import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, env, readConfig } from '../../server/service/config.js';
import { health } from '../../server/service/health.js';
import { createLogger } from '../../server/service/log.js';

const SHAPE = { PORT: env.port(8548), DATABASE_URL: env.database('data/x.sqlite'), VERBOSE: env.bool(false), MAX: env.int(5, { min: 1, max: 9 }) };

test('configuration: defaults for unset or empty variables, values parsed', () => {
  assert.deepEqual(readConfig('svc', SHAPE, { PORT: '', VERBOSE: 'yes' }), { PORT: 8548, DATABASE_URL: 'data/x.sqlite', VERBOSE: true, MAX: 5 });
  assert.deepEqual(readConfig('svc', SHAPE, { PORT: '0', DATABASE_URL: 'postgres://u:p@db:5432/x', MAX: '9' }).PORT, 0);
});

test('configuration: one error naming every bad variable, without printing a database URL', () => {
  assert.throws(
    () => readConfig('relay', SHAPE, { PORT: '70000', DATABASE_URL: 'mysql://root:hunter2@db/x', VERBOSE: 'maybe', MAX: '0' }),
    (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.equal(
        err.message,
        [
          'relay: invalid configuration:',
          '  - PORT: must be a port number (0-65535) (got "70000")',
          '  - DATABASE_URL: must be postgres://… or a SQLite file path (sqlite:PATH, :memory:) (got a value that is not one)',
          '  - VERBOSE: must be 1 or 0 (true or false) (got "maybe")',
          '  - MAX: must be a whole number from 1 to 9 (got "0")',
        ].join('\n'),
      );
      return true;
    },
  );
});

test('health: liveness always, readiness from the checks, 503 while draining', async () => {
  let down = false;
  const h = health({
    storage: async () => {
      if (down) throw new Error('connection refused');
    },
  });
  const get = async (path: string) => {
    const res = await h.handle(new Request(`http://x${path}`));
    return res && { status: res.status, body: await res.json() };
  };
  assert.deepEqual(await get('/health'), { status: 200, body: { status: 'ok' } });
  assert.deepEqual(await get('/health/ready'), { status: 200, body: { status: 'ready', checks: { storage: 'ok' } } });
  down = true;
  assert.deepEqual(await get('/health/ready'), { status: 503, body: { status: 'unavailable', checks: { storage: 'connection refused' } } });
  h.draining();
  assert.deepEqual(await get('/health/ready'), { status: 503, body: { status: 'unavailable', reason: 'shutting down' } });
  assert.equal(h.handle(new Request('http://x/other')), undefined);
});

test('logs: one JSON object per line with time, level, service, message and fields; levels below LOG_LEVEL dropped', () => {
  const lines: string[] = [];
  const log = createLogger('api', { level: 'info', write: (line) => lines.push(line) }).child({ instance: 'a' });
  log.debug('hidden');
  log.warn('slow', { ms: 1200, error: new Error('x') });
  assert.equal(lines.length, 1);
  const record = JSON.parse(lines[0] as string);
  assert.match(record.time, /^\d{4}-\d\d-\d\dT/);
  assert.deepEqual({ ...record, time: 0 }, { time: 0, level: 'warn', service: 'api', msg: 'slow', instance: 'a', ms: 1200, error: { name: 'Error', message: 'x' } });
});
