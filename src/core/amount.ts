/**
 * A typed amount to base units, exactly: no floating point on the way. Returns a reason instead of throwing,
 * for the form to show.
 *
 * Without `lang` the text is a plain decimal ("1.5"; what services send). With `lang` it is read as the
 * visitor writes numbers in that locale: its decimal separator ("1,5" in `de`), group separators only every
 * three digits ("1.000,5" in `de`, "1,000.5" in `en`), and full-width or Arabic-Indic digits and full-width
 * separators as their ASCII forms.
 */
export type AmountProblem = 'empty' | 'invalid' | 'too-many-decimals' | 'zero';
export type ParsedAmount = { ok: true; value: bigint } | { ok: false; reason: AmountProblem };

export interface Separators {
  decimal: string;
  /** Undefined: no grouping accepted. */
  group: string | undefined;
}

/** The locale's decimal and group separators, in the normalised form typed text is compared in. */
export function separators(lang: string | undefined): Separators {
  if (lang === undefined) return { decimal: '.', group: undefined };
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(lang);
  } catch {
    format = new Intl.NumberFormat('en');
  }
  const decimal = format.formatToParts(1.1).find((part) => part.type === 'decimal')?.value ?? '.';
  const group = format.formatToParts(12345).find((part) => part.type === 'group')?.value;
  return { decimal: normalise(decimal), group: group === undefined ? undefined : normalise(group) };
}

/** Full-width forms (NFKC), Arabic-Indic digits, and every kind of space as a plain space. */
function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[\s\u00a0\u2007\u202f]/g, ' ');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function parseAmount(text: string, decimals: number, lang?: string): ParsedAmount {
  const typed = normalise(text).trim();
  if (typed === '') return { ok: false, reason: 'empty' };
  const { decimal, group } = separators(lang);
  const parts = typed.split(decimal);
  if (parts.length > 2) return { ok: false, reason: 'invalid' };
  let whole = parts[0]!;
  const fractionTyped = parts[1] ?? '';
  if (group !== undefined && whole.includes(group)) {
    // Grouping only where the locale puts it: 1-3 digits, then groups of exactly three.
    if (!new RegExp(`^\\d{1,3}(${escape(group)}\\d{3})+$`).test(whole)) return { ok: false, reason: 'invalid' };
    whole = whole.split(group).join('');
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fractionTyped) || (whole === '' && fractionTyped === '')) return { ok: false, reason: 'invalid' };
  const fraction = fractionTyped.replace(/0+$/, '');
  if (fraction.length > decimals) return { ok: false, reason: 'too-many-decimals' };
  const value = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return value === 0n ? { ok: false, reason: 'zero' } : { ok: true, value };
}

/** An example amount ("1.5", "1,5") written the way `lang` writes it, for messages. */
export const exampleAmount = (lang: string | undefined) => `1${separators(lang).decimal}5`;

/**
 * `value` base units as text the form reads back exactly (all decimals, no grouping), with the locale's
 * decimal separator: what "Max" fills in.
 */
export function amountInputText(value: bigint, decimals: number, lang: string | undefined): string {
  const unit = 10n ** BigInt(decimals);
  const fraction = decimals > 0 ? (value % unit).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return fraction ? `${value / unit}${separators(lang).decimal}${fraction}` : String(value / unit);
}

/** A service's decimal string ("12.5") with `decimals` to base units; undefined when it does not fit. */
export function decimalToBaseUnits(decimal: string, decimals: number): bigint | undefined {
  const parsed = parseAmount(decimal, decimals);
  return parsed.ok ? parsed.value : decimal.trim() !== '' && /^0*\.?0*$/.test(decimal.trim()) ? 0n : undefined;
}
