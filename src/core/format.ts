/**
 * Amounts are bigint base units end to end; this is the edge where they become text. The cut is done here on
 * digits (never floating point), and Intl only groups the whole part (a bigint: exact at any size) and gives
 * the locale's decimal separator and digits, so no amount, however large or however many decimals, can reach
 * one of Intl's digit limits and throw.
 */
interface Decimal {
  negative: boolean;
  whole: bigint;
  /** The fraction digits, exactly, without trailing zeros. */
  fraction: string;
}

const fromBaseUnits = (value: bigint, decimals: number): Decimal => {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(decimals);
  return { negative, whole: abs / unit, fraction: decimals > 0 ? (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '') : '' };
};

const DECIMAL_STRING = /^(-?)(\d+)(?:\.(\d+))?$/;

function render({ negative, whole, fraction }: Decimal, lang: string, maximumFractionDigits: number): string {
  const shown = fraction.slice(0, Math.max(0, maximumFractionDigits)).replace(/0+$/, '');
  const format = new Intl.NumberFormat(lang);
  let text = format.format(whole);
  if (shown) {
    const decimal = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    text += decimal + shown.replace(/\d/g, (digit) => format.format(Number(digit)));
  }
  return negative && (whole > 0n || shown !== '') ? `-${text}` : text;
}

/** `value` base units as text with at most `maximumFractionDigits` fraction digits, truncated (never rounded up). */
export function formatAmount(value: bigint, decimals: number, lang = 'en', maximumFractionDigits = 4): string {
  return render(fromBaseUnits(value, decimals), lang, maximumFractionDigits);
}

/** A decimal string from a service ("1234.5678") as text, exactly (no float on the way). */
export function formatDecimalString(decimal: string, lang = 'en', maximumFractionDigits = 4): string {
  const match = DECIMAL_STRING.exec(decimal.trim());
  if (!match) return decimal;
  return render({ negative: match[1] === '-', whole: BigInt(match[2]!), fraction: (match[3] ?? '').replace(/0+$/, '') }, lang, maximumFractionDigits);
}

/** Significant digits shown of an amount below 1 (above 1, four fraction digits). */
const SIGNIFICANT = 4;

/**
 * A token quantity for lists and labels: four fraction digits from 1 up, and below 1 four significant digits
 * (0.000042 → "0.000042", 0.0123456 → "0.01234"), truncated. A balance that is not zero never reads "0".
 */
export function formatTokenAmount(value: bigint, decimals: number, lang = 'en'): string {
  const amount = fromBaseUnits(value, decimals);
  const leadingZeros = amount.whole === 0n ? amount.fraction.length - amount.fraction.replace(/^0+/, '').length : 0;
  return render(amount, lang, Math.max(SIGNIFICANT, leadingZeros + SIGNIFICANT));
}

/** Where space is short, a positive amount below 0.0001 is shown as "< 0.0001". */
const COMPACT_FRACTION_DIGITS = 4;

/**
 * For a token list row: the bound ("0.0001", in the locale) a positive amount is below, to be shown as
 * "< 0.0001" with the exact amount at hand; undefined when `formatTokenAmount` fits.
 */
export function compactBound(value: bigint, decimals: number, lang = 'en'): string | undefined {
  const floor = decimals > COMPACT_FRACTION_DIGITS ? 10n ** BigInt(decimals - COMPACT_FRACTION_DIGITS) : 0n;
  return value > 0n && value < floor ? formatAmount(1n, COMPACT_FRACTION_DIGITS, lang) : undefined;
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

/** `value` base units of a token priced `usdPrice` dollars, in US dollars; undefined without a price. */
export function formatUsdValue(value: bigint, decimals: number, usdPrice: number | undefined, lang = 'en'): string | undefined {
  if (usdPrice === undefined) return undefined;
  // Six fraction digits are plenty for a price display; the cut keeps the bigint within Number's precision.
  const kept = Math.min(decimals, 6);
  const units = Number(value / 10n ** BigInt(decimals - kept)) / 10 ** kept;
  return formatUsd(units * usdPrice, lang);
}

/** A moment for a list row, short: "Nov 22, 10:00 AM" (the year only when it is not this one). */
export function formatShortDateTime(iso: string, lang = 'en', now = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const year = date.getFullYear() === new Date(now).getFullYear() ? {} : { year: 'numeric' as const };
  return new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', ...year, hour: 'numeric', minute: '2-digit' }).format(date);
}

/** A time of day with seconds, in the visitor's locale ("12:03:45 PM"): when a retry becomes available. */
export function formatTime(ms: number, lang = 'en'): string {
  return new Intl.DateTimeFormat(lang, { timeStyle: 'medium' }).format(new Date(ms));
}
