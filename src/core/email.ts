/**
 * An email address the login service would take: one `@`, a local part and a dotted domain, no spaces, at
 * most 254 characters (the service's own limit, docs/email-and-social.md). A malformed address is
 * refused before anything is sent.
 */
export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value);
}
