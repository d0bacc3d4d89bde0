/**
 * Structured logs: one JSON object per line on stdout (`{"time","level","service","msg",…fields}`), what log
 * collectors parse without a format. `LOG_LEVEL` drops the levels below it.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** The same logger with `fields` added to every line. */
  child(fields: LogFields): Logger;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const plain = (value: unknown): unknown => (value instanceof Error ? { name: value.name, message: value.message } : typeof value === 'bigint' ? value.toString() : value);

export function createLogger(
  service: string,
  { level = 'info', write = (line: string) => process.stdout.write(`${line}\n`), base = {} }: { level?: LogLevel; write?: (line: string) => void; base?: LogFields } = {},
): Logger {
  const emit = (at: LogLevel, msg: string, fields: LogFields = {}) => {
    if (ORDER[at] < ORDER[level]) return;
    const record: LogFields = { time: new Date().toISOString(), level: at, service, msg };
    for (const [key, value] of Object.entries({ ...base, ...fields })) if (!(key in record)) record[key] = plain(value);
    write(JSON.stringify(record));
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger(service, { level, write, base: { ...base, ...fields } }),
  };
}

/** A logger that writes nothing (tests, the development stack's quiet parts). */
export const silentLogger: Logger = createLogger('silent', { write: () => undefined });
