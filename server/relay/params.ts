/**
 * Parameter checks for the relay's JSON-RPC methods (the irn_* relay API and the wc_* session shortcuts
 * that @walletconnect/core 2.25 sends). A failed check is a ParamsError, which the relay answers with
 * -32602 and the reason.
 */

export class ParamsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParamsError';
  }
}

/** Subscriptions and messages are meant to live at most 30 days. */
export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60;
/** The client's own default when a publish names none. */
export const DEFAULT_TTL_SECONDS = 6 * 60 * 60;
/** The client sends at most 500 topics per batch. */
export const MAX_BATCH = 500;
const MAX_TOPIC_LENGTH = 256;

/** The tags the relay publishes the wc_* shortcuts' messages with (the SDK's wc_sessionPropose/Settle tags). */
export const TAGS = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 } as const;

export type Params = Record<string, unknown>;

export function object(value: unknown, name = 'params'): Params {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ParamsError(`${name} must be an object`);
  return value as Params;
}

export function topic(value: unknown, name = 'topic'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TOPIC_LENGTH) {
    throw new ParamsError(`${name} must be a non-empty string of at most ${MAX_TOPIC_LENGTH} characters`);
  }
  return value;
}

export function topics(value: unknown, name = 'topics'): string[] {
  if (!Array.isArray(value) || value.length > MAX_BATCH) throw new ParamsError(`${name} must be an array of at most ${MAX_BATCH} topics`);
  return value.map((item, index) => topic(item, `${name}[${index}]`));
}

export function message(value: unknown, name = 'message', maxBytes = Infinity): string {
  if (typeof value !== 'string' || value.length === 0) throw new ParamsError(`${name} must be a non-empty string`);
  if (Buffer.byteLength(value, 'utf8') > maxBytes) throw new ParamsError(`${name} is over ${maxBytes} bytes`);
  return value;
}

export function ttl(value: unknown, fallback: number, name = 'ttl'): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TTL_SECONDS) {
    throw new ParamsError(`${name} must be a whole number of seconds from 1 to ${MAX_TTL_SECONDS}`);
  }
  return value;
}

export function tag(value: unknown, fallback = 0, name = 'tag'): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new ParamsError(`${name} must be a non-negative integer`);
  return value;
}

export function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ParamsError(`${name} must be a string`);
  return value;
}

export interface PublishParams {
  topic: string;
  message: string;
  ttl: number;
  tag: number;
  attestation?: string;
}

/** `irn_publish` params (analytics fields such as correlationId are ignored). */
export function publishParams(value: unknown, name = 'params', maxMessageBytes = Infinity): PublishParams {
  const params = object(value, name);
  const attestation = optionalString(params.attestation, `${name}.attestation`);
  return {
    topic: topic(params.topic, `${name}.topic`),
    message: message(params.message, `${name}.message`, maxMessageBytes),
    ttl: ttl(params.ttl, DEFAULT_TTL_SECONDS, `${name}.ttl`),
    tag: tag(params.tag, 0, `${name}.tag`),
    ...(attestation ? { attestation } : {}),
  };
}
