/**
 * JSON for the relay's wire. The SDK sends 19-digit request ids (as strings, and sometimes as bare numbers)
 * and matches answers by the id's text, so an id must come back byte for byte. JSON.parse would round a bare
 * 19-digit number to a double; here every integer of 16 or more digits outside a string becomes a
 * `RawNumber` holding its text, and `stringifyWire` writes it back unquoted, exactly as it came.
 */
import { randomBytes } from 'node:crypto';

/** An integer too long for a double, kept as the digits it was sent with. */
export class RawNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Marks a quoted long number between parse and the walk that turns it into a RawNumber; random per process. */
const MARK = `\u0000raw-${randomBytes(6).toString('hex')}:`;
const MARK_JSON = JSON.stringify(MARK).slice(1, -1);
const MARKED_NUMBER = new RegExp(`"${MARK_JSON.replace(/\\/g, '\\\\')}(-?\\d+)"`, 'g');
const LONG_DIGITS = 16;
const NUMBER = /-?\d+(\.\d+)?([eE][-+]?\d+)?/y;

/** Quotes the long integers of `text` that sit outside strings; returns undefined when there are none. */
function quoteLongIntegers(text: string): string | undefined {
  let out = '';
  let last = 0;
  let found = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string, escapes included.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
      continue;
    }
    if (c !== 0x2d /* - */ && (c < 0x30 || c > 0x39)) continue;
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (!match) continue;
    const token = match[0];
    const digits = token.replace('-', '').length;
    if (match[1] === undefined && match[2] === undefined && digits >= LONG_DIGITS) {
      out += `${text.slice(last, i)}"${MARK_JSON}${token}"`;
      last = i + token.length;
      found = true;
    }
    i += token.length - 1;
  }
  return found ? out + text.slice(last) : undefined;
}

function restore(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(MARK) ? new RawNumber(value.slice(MARK.length)) : value;
  if (Array.isArray(value)) return value.map(restore);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = restore(item);
    return out;
  }
  return value;
}

/** JSON.parse, except that long integers become RawNumber. Throws SyntaxError on malformed input. */
export function parseWire(text: string): unknown {
  const quoted = quoteLongIntegers(text);
  return quoted === undefined ? JSON.parse(text) : restore(JSON.parse(quoted));
}

/** JSON.stringify, writing RawNumber values back as bare numbers. */
export function stringifyWire(value: unknown): string {
  let marked = false;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawNumber) {
      marked = true;
      return MARK + item.text;
    }
    return item;
  });
  return marked ? text.replace(MARKED_NUMBER, '$1') : text;
}

/** The text a JSON-RPC id is matched by: a string as is, a number or RawNumber by its digits. */
export function idKey(id: unknown): string | undefined {
  if (typeof id === 'string') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  if (id instanceof RawNumber) return id.text;
  return undefined;
}
