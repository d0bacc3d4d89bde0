/**
 * Two hues (0–359) drawn from an address, for the generated avatar (a two-colour gradient) shown when the
 * account has no avatar of its own. The same address always gets the same pair.
 */
export function avatarHues(address: string): [number, number] {
  let hash = 0;
  for (const char of address.toLowerCase()) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return [hash % 360, (hash >>> 16) % 360];
}
