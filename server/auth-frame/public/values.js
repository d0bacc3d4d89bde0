// What the service sends for an approval, as the visitor reads it in the page's language: amounts (grouped, the
// locale's separator and digits; the widget does the same in src/core/format.ts, which this static page cannot
// import), dates, and words (`{ id, values }`, signing.ts's `Words`) from the page's catalogue (messages.js).
import { m } from './messages.js';

const lang = () => document.documentElement.lang || 'en';

/** Adds one unit in the last place to a decimal written as whole and fraction digits. */
function plusOneUnit(whole, fraction) {
  const sum = (BigInt(whole + fraction) + 1n).toString().padStart(whole.length + fraction.length, '0');
  return [sum.slice(0, sum.length - fraction.length) || '0', sum.slice(sum.length - fraction.length)];
}

/**
 * An amount the service sent ("1234.5 ETH", exact) in the page's language: the whole part grouped, the locale's
 * decimal separator and digits. Every digit of an amount stays (what is approved is read exactly); a fee, which is
 * an upper bound, is rounded up to 4 significant digits ("0.00029641262013706 ETH" → "0.0002965 ETH").
 */
export function amountText(value, { fee = false } = {}) {
  const match = typeof value === 'string' ? /^(\d+)(?:\.(\d+))? (\S+)$/.exec(value) : null;
  if (!match) return value;
  let [, whole, fraction = '', symbol] = match;
  if (fee) {
    const keep = whole === '0' ? fraction.length - fraction.replace(/^0+/, '').length + 4 : 4;
    if (fraction.length > keep) {
      const dropped = fraction.slice(keep);
      fraction = fraction.slice(0, keep);
      if (/[1-9]/.test(dropped)) [whole, fraction] = plusOneUnit(whole, fraction);
    }
    fraction = fraction.replace(/0+$/, '');
  }
  const format = new Intl.NumberFormat(lang());
  const decimal = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const digits = fraction.replace(/\d/g, (digit) => format.format(Number(digit)));
  return `${format.format(BigInt(whole))}${fraction ? decimal + digits : ''} ${symbol}`;
}

/**
 * A value the service sent, as the visitor reads it: a string as it is (an address, an amount), or words
 * (`{ id, values }`: a message of the page's catalogue, its placeholders filled, in the page's language).
 */
export function text(value) {
  if (value === undefined || typeof value === 'string') return value;
  if (!value || typeof value.id !== 'string') return undefined;
  const values = {};
  for (const [name, inner] of Object.entries(value.values ?? {})) values[name] = name === 'amount' ? amountText(text(inner) ?? '') : text(inner) ?? '';
  return m(value.id, values);
}

/** A date and time the service sent (ISO 8601), in the page's language and the visitor's time zone. */
export function dateText(iso) {
  const date = new Date(iso);
  if (typeof iso !== 'string' || Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
