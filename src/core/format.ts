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
