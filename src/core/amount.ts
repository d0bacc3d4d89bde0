/**
 * A typed amount ("1.5", "1,000.25" is refused) to base units, exactly: no floating point on the way.
 * Returns a reason instead of throwing, for the form to show.
 */
export type ParsedAmount = { ok: true; value: bigint } | { ok: false; reason: 'empty' | 'invalid' | 'too-many-decimals' | 'zero' };

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

export function parseAmount(text: string, decimals: number): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  const match = DECIMAL.exec(trimmed);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return { ok: false, reason: 'invalid' };
  const whole = match[1] || '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return { ok: false, reason: 'too-many-decimals' };
  const value = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return value === 0n ? { ok: false, reason: 'zero' } : { ok: true, value };
}

/** A service's decimal string ("12.5") with `decimals` to base units; undefined when it does not fit. */
export function decimalToBaseUnits(decimal: string, decimals: number): bigint | undefined {
  const parsed = parseAmount(decimal, decimals);
  return parsed.ok ? parsed.value : decimal.trim() !== '' && /^0*\.?0*$/.test(decimal.trim()) ? 0n : undefined;
}
