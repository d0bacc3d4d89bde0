/**
 * A colour of its own for something without a mark (a local chain, an unknown token), from its id: the golden
 * angle spreads ids that differ in one character (31337, 31338) to hues far apart.
 */
export function idHue(id: string): string {
  let h = 0;
  for (const c of id) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return `hsl(${Math.round((h * 137.5) % 360)} 55% 40%)`;
}
