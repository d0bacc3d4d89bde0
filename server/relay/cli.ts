/**
 * `node server/dist/relay.js` (`wcm-relay`; in the repository `tsx server/relay/cli.ts`): the WalletConnect relay on
 * its own, configured by the environment (docs/services/relay.md):
 *
 * RELAY_HOST (127.0.0.1), RELAY_PORT (8548; 0 picks a free one), RELAY_PUBLIC_URL (the ws:// or wss:// URL clients
 * are given, e.g. behind a TLS proxy, which their JWT audience must name; default the listening address),
 * REDIS_URL (shared by several instances; default this process's memory, for one), LOG_LEVEL (info; debug logs each
 * connection and publish), SHUTDOWN_TIMEOUT_MS (10000).
 */
import { z } from 'zod';
import { env } from '../service/config.js';
import { runService } from '../service/run.js';
import { startRelay } from './relay.js';

await runService({
  name: 'relay',
  config: {
    RELAY_HOST: env.host(),
    RELAY_PORT: env.port(8548),
    RELAY_PUBLIC_URL: env.url(['ws:', 'wss:']).optional(),
    REDIS_URL: env.url(['redis:', 'rediss:']).optional(),
    RELAY_REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits or _ : . -').default('wcr:'),
  },
  async start(config, log) {
    const relay = await startRelay({
      host: config.RELAY_HOST,
      port: config.RELAY_PORT,
      ...(config.RELAY_PUBLIC_URL ? { publicUrl: config.RELAY_PUBLIC_URL } : {}),
      ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL, redisPrefix: config.RELAY_REDIS_PREFIX } : {}),
      log: (line) => log.debug(line),
    });
    log.info('relay', { publicUrl: relay.publicUrl, storage: config.REDIS_URL ? 'redis' : 'memory' });
    return { url: relay.url, stop: () => relay.stop() };
  },
});
