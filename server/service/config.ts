/**
 * A service's configuration, read from the environment in one place and validated by a zod schema: a bad or
 * missing value is one `ConfigError` that names each variable, what it must be and what it was.
 */
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly service: string, readonly problems: readonly string[]) {
    super(`${service}: invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/**
 * Parses `env` (default `process.env`) with `shape`, whose keys are variable names. An empty value counts as
 * unset, so `FOO=` falls back to the default like a missing one.
 */
export function readConfig<S extends z.ZodRawShape>(service: string, shape: S, env: Env = process.env): z.infer<z.ZodObject<S>> {
  const input: Env = {};
  for (const key of Object.keys(shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value.trim();
  }
  const result = z.object(shape).safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '?');
    const given = input[name];
    const secret = /SECRET|KEY|PASSWORD|TOKEN/.test(name) || /^(DATABASE|REDIS)_URL$/.test(name);
    const shown = given === undefined ? 'it is not set' : secret ? 'got a value that is not one' : `got ${JSON.stringify(given)}`;
    // Inside a JSON value (a list of chains…), where: `API_CHAINS: 0.rpcUrl: Invalid URL`.
    const inner = issue.path.slice(1).join('.');
    return `${name}: ${inner ? `${inner}: ` : ''}${issue.message} (${shown})`;
  });
  throw new ConfigError(service, problems);
}

/** The building blocks of a service's schema. */
export const env = {
  port: (fallback: number) =>
    z
      .string()
      .regex(/^\d+$/, 'must be a port number (0-65535)')
      .transform(Number)
      .refine((n) => n <= 65535, 'must be a port number (0-65535)')
      .default(fallback),
  host: (fallback = '127.0.0.1') => z.string().regex(/^[\w.:-]+$|^\[[0-9a-fA-F:]+\]$/, 'must be a host name or IP address').default(fallback),
  int: (fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}) =>
    z
      .string()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`)
      .default(fallback),
  url: (protocols: readonly string[]) =>
    z.string({ error: `must be a URL (${protocols.map((p) => `${p}//…`).join(' or ')})` }).refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL (${protocols.map((p) => `${p}//…`).join(' or ')})`),
  /** postgres://… for several instances; a SQLite file path (or sqlite:PATH, :memory:) for one. */
  database: (fallback: string) =>
    z
      .string()
      .refine((value) => /^postgres(ql)?:\/\/[^/]+/i.test(value) || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value), 'must be postgres://… or a SQLite file path (sqlite:PATH, :memory:)')
      .default(fallback),
  bool: (fallback: boolean) =>
    z
      .enum(['1', '0', 'true', 'false', 'yes', 'no'], { message: 'must be 1 or 0 (true or false)' })
      .transform((v) => v === '1' || v === 'true' || v === 'yes')
      .default(fallback),
  /** A JSON value checked by `schema` (e.g. a list of chains). */
  json: <T extends z.ZodType>(schema: T, what: string) =>
    z
      .string({ error: `must be JSON: ${what}` })
      .transform((value, ctx) => {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: `must be JSON: ${what}` });
          return z.NEVER;
        }
      })
      .pipe(schema),
  logLevel: () => z.enum(['debug', 'info', 'warn', 'error'], { message: 'must be debug, info, warn or error' }).default('info'),
};
