/**
 * The command-line life of a deployable service: read and validate its configuration from the environment,
 * start it, log where it listens, and on SIGTERM (or SIGINT) stop gracefully: readiness turns 503, requests in
 * flight finish (up to `SHUTDOWN_TIMEOUT_MS`), storage is closed, the process exits 0. A second signal exits at
 * once. A bad configuration exits 1 with one message naming each variable.
 */
import type { z } from 'zod';
import { ConfigError, env, readConfig } from './config.js';
import { createLogger, type Logger } from './log.js';

export interface RunningService {
  /** Where it listens, e.g. http://127.0.0.1:8547/ */
  url: string;
  /** Graceful: stop accepting, finish what is in flight within `timeoutMs`, close storage. */
  stop(timeoutMs: number): Promise<void>;
}

const COMMON = { LOG_LEVEL: env.logLevel(), SHUTDOWN_TIMEOUT_MS: env.int(10_000, { min: 0, max: 600_000 }) };

export interface ServiceDefinition<S extends z.ZodRawShape> {
  /** e.g. `relay`; also the logs' `service` field. */
  name: string;
  /** Its environment variables (LOG_LEVEL and SHUTDOWN_TIMEOUT_MS are added). */
  config: S;
  start(config: z.infer<z.ZodObject<S>>, log: Logger): Promise<RunningService>;
}

export async function runService<S extends z.ZodRawShape>(definition: ServiceDefinition<S>): Promise<void> {
  const problems: string[] = [];
  const read = <T extends z.ZodRawShape>(shape: T): z.infer<z.ZodObject<T>> | undefined => {
    try {
      return readConfig(definition.name, shape);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(...err.problems);
      return undefined;
    }
  };
  const config = read(definition.config);
  const common = read(COMMON);
  if (!config || !common) {
    process.stderr.write(`${new ConfigError(definition.name, problems).message}\n`);
    process.exit(1);
  }
  const log = createLogger(definition.name, { level: common.LOG_LEVEL });
  process.on('uncaughtException', (err) => {
    log.error('uncaught exception', { error: err, stack: err.stack });
    process.exit(1);
  });
  let running: RunningService;
  try {
    running = await definition.start(config, log);
  } catch (err) {
    log.error('could not start', { error: err });
    process.exit(1);
  }
  log.info('listening', { url: running.url });
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn('second signal: exiting now', { signal });
      process.exit(1);
    }
    stopping = true;
    log.info('shutting down', { signal, timeoutMs: common.SHUTDOWN_TIMEOUT_MS });
    running.stop(common.SHUTDOWN_TIMEOUT_MS).then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error('stopping failed', { error: err });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
