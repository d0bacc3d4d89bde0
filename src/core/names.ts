/**
 * Names in the registration zone (docs/wire-formats.md#names): the zone, the label rule, the signed message
 * and the ENSIP-11 coin type. Pure: the Names view and its action build on it.
 */

/** The zone names are registered in, and the suffix they carry (`<label>.reown.id`). */
export const NAME_ZONE = 'reown.id';
/** The reference's label rule: letters, digits and hyphens, at least 4 of them (and a DNS label's 63 at most, no hyphen first or last). */
export const NAME_MIN_LENGTH = 4;
const LABEL = /^[a-z0-9-]{4,63}$/;

export type NameProblem = 'characters' | 'short' | 'long' | 'hyphen';

/** The label the visitor typed: trimmed, lower case, any `.reown.id` they typed too taken off. */
export const nameLabel = (input: string): string => {
  const label = input.trim().toLowerCase();
  return label.endsWith(`.${NAME_ZONE}`) ? label.slice(0, -NAME_ZONE.length - 1) : label;
};

/** What breaks the rule, or undefined when `label` may be registered. */
export function nameProblem(label: string): NameProblem | undefined {
  if (/[^a-z0-9-]/.test(label)) return 'characters';
  // A DNS label (and so an ENS name that resolves everywhere) neither starts nor ends with a hyphen.
  if (label.startsWith('-') || label.endsWith('-')) return 'hyphen';
  if (LABEL.test(label)) return undefined;
  return label.length < NAME_MIN_LENGTH ? 'short' : 'long';
}

/** The full name of a label in the zone. */
export const fullName = (label: string): string => `${label}.${NAME_ZONE}`;

/** The message the wallet signs: `{"name":"<label>.reown.id","attributes":{},"timestamp":<unix s>}`. */
export const registrationMessage = (name: string, nowMs: number): string =>
  JSON.stringify({ name, attributes: {}, timestamp: Math.floor(nowMs / 1000) });

/** ENSIP-11: `0x80000000 | chainId` for an EVM chain; undefined past 2^31 (the reference's "Invalid chainId"). */
export const coinTypeOf = (chainId: number): number | undefined => (chainId > 0 && chainId < 2 ** 31 ? (0x80000000 | chainId) >>> 0 : undefined);
