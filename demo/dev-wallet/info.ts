// The announced EIP-6963 identity and its defaults.
import type { EIP6963ProviderInfo } from './types.js';

export const DEFAULT_NAME = 'Dev Wallet';
export const DEFAULT_RDNS = 'dev.wallet-connect-modal.devwallet';

const iconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="7" fill="#2456d3"/>' +
  '<rect x="6" y="10" width="20" height="14" rx="3" fill="#fff"/>' +
  '<path d="M8 10l12-4 2 4" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>' +
  '<circle cx="21" cy="17" r="2" fill="#2456d3"/></svg>';

/** EIP-6963 requires a data URI (RFC 2397); the Wallet Standard a base64 one, so both use this form. */
export const DEFAULT_ICON = `data:image/svg+xml;base64,${btoa(iconSvg)}`;

/** crypto.randomUUID exists only in secure contexts; a page on http://192.168.x.y still needs a v4 UUID. */
function uuidV4(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function providerInfo(overrides: Partial<EIP6963ProviderInfo> = {}): EIP6963ProviderInfo {
  return Object.freeze({
    uuid: overrides.uuid ?? uuidV4(),
    name: overrides.name ?? DEFAULT_NAME,
    icon: overrides.icon ?? DEFAULT_ICON,
    rdns: overrides.rdns ?? DEFAULT_RDNS,
  });
}
