import type { WalletRecord } from './records.js';

/*
 * The directory's wallet images, drawn here (no image files to ship or fetch): a real wallet its initials on a
 * gradient of its own (no brand's logo is shipped: a self-hoster's directory serves its own images), a demo wallet
 * (generated, `demoWallets`) a geometric mark on a gradient, so the demo's grid looks like a real directory's.
 */

/** White marks in a 96×96 box, one picked per demo wallet. */
const SHAPES: readonly string[] = [
  '<circle cx="48" cy="48" r="21" fill="none" stroke="#fff" stroke-width="10"/>',
  '<path d="M48 20L76 48 48 76 20 48z" fill="#fff"/>',
  '<path d="M48 22l22.5 13v26L48 74 25.5 61V35z" fill="none" stroke="#fff" stroke-width="8" stroke-linejoin="round"/>',
  '<path d="M26 36l22 14 22-14M26 54l22 14 22-14" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>',
  '<path d="M20 42c9-13 19-13 28 0s19 13 28 0M20 60c9-13 19-13 28 0s19 13 28 0" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/>',
  '<circle cx="39" cy="48" r="16" fill="none" stroke="#fff" stroke-width="7"/><circle cx="57" cy="48" r="16" fill="none" stroke="#fff" stroke-width="7"/>',
  '<path d="M48 22L75 70H21z" fill="#fff"/><path d="M48 46L58 64H38z" fill="rgb(0 0 0 / .25)"/>',
  '<rect x="22" y="30" width="52" height="38" rx="9" fill="#fff"/><circle cx="62" cy="49" r="5" fill="rgb(0 0 0 / .3)"/>',
  '<path d="M48 18c4 21 9 26 30 30-21 4-26 9-30 30-4-21-9-26-30-30 21-4 26-9 30-30z" fill="#fff"/>',
  '<path d="M54 18L28 54h18l-4 24 26-36H50z" fill="#fff"/>',
];

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function hashOf(text: string): number {
  let hash = 0;
  for (const ch of text) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) >>> 0;
  return hash;
}

function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/).filter((word) => /[a-z0-9]/i.test(word) && !/^wallet$/i.test(word));
  const [first, second] = words;
  const picked = first && second ? first.charAt(0) + second.charAt(0) : (first ?? name).slice(0, 2);
  return picked.toUpperCase();
}

const frame = (name: string, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(name)}">${body}</svg>`;

/** A rounded square filled with a diagonal gradient between two hues taken from the id. */
function gradient(id: string): string {
  const hash = hashOf(id);
  const hue = hash % 360;
  const second = (hue + 30 + ((hash >>> 9) % 60)) % 360;
  return (
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 52%)"/><stop offset="1" stop-color="hsl(${second} 65% 36%)"/></linearGradient></defs>` +
    '<rect width="96" height="96" rx="22" fill="url(#g)"/>'
  );
}

/** The wallet's 96×96 SVG image. */
export function walletSvg(record: Pick<WalletRecord, 'id' | 'name' | 'generated'>): string {
  if (record.generated) return frame(record.name, gradient(record.id) + SHAPES[(hashOf(record.id) >>> 3) % SHAPES.length]);
  const initials = escapeXml(initialsOf(record.name));
  return frame(
    record.name,
    gradient(record.id) +
      `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="36" font-weight="600" fill="#fff">${initials}</text>`,
  );
}
