/**
 * Amounts are bigint base units end to end; this is the edge where they become text.
 * The decimal string goes to Intl as a string, so no precision is lost through floating point.
 */
export function formatAmount(value: bigint, decimals: number, lang = 'en', maximumFractionDigits = 4): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? digits.slice(-decimals) : '';
  const decimal = `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
  const format = new Intl.NumberFormat(lang, { maximumFractionDigits, roundingMode: 'trunc' } as Intl.NumberFormatOptions);
  return format.format(decimal as unknown as number);
}

/** A decimal string from a service ("1234.5678") as text, exactly (no float on the way). */
export function formatDecimalString(decimal: string, lang = 'en', maximumFractionDigits = 4): string {
  const format = new Intl.NumberFormat(lang, { maximumFractionDigits, roundingMode: 'trunc' } as Intl.NumberFormatOptions);
  return format.format(decimal as unknown as number);
}

/** A US-dollar value (the services price in USD). */
export function formatUsd(value: number, lang = 'en'): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(value);
}

/** A date and time in the visitor's locale. */
export function formatDateTime(iso: string, lang = 'en'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
