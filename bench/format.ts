/** Small helpers for printing: statistics and aligned tables. */

export interface Stats {
  median: number;
  min: number;
  max: number;
  values: number[];
}

export function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, values };
}

/** Columns after the first are right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const bytes = (n: number) => n.toLocaleString('en-US');
export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const mb = (n: number) => `${n.toFixed(2)} MB`;

/** Nearest-rank percentile (p in 0–100) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
