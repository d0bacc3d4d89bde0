/** Icons for assets that bring none of their own: the hosted API always answers with an iconUrl. */

const svgDataUri = (svg: string): string => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** Ether: the usual two-tone diamond. */
export const NATIVE_ICON_URL = svgDataUri(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#627EEA"/>' +
    '<path fill="#fff" fill-opacity=".6" d="M16.5 4v8.9l7.5 3.3z"/><path fill="#fff" d="M16.5 4 9 16.2l7.5-3.3z"/>' +
    '<path fill="#fff" fill-opacity=".6" d="M16.5 22v6l7.5-10.4z"/><path fill="#fff" d="M16.5 28v-6L9 17.6z"/>' +
    '<path fill="#fff" fill-opacity=".2" d="m16.5 20.6 7.5-4.4-7.5-3.3z"/><path fill="#fff" fill-opacity=".6" d="m9 16.2 7.5 4.4v-7.7z"/></svg>',
);

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] as string);

/** A round badge with up to three letters of the symbol, coloured from the symbol so it stays stable. */
export function placeholderIconUrl(symbol: string): string {
  const letters = escapeXml(symbol.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 3).toUpperCase() || '?');
  let hue = 0;
  for (const char of symbol) hue = (hue * 31 + char.codePointAt(0)!) % 360;
  return svgDataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="hsl(${hue} 55% 45%)"/>` +
      `<text x="16" y="20.5" font-family="sans-serif" font-size="${letters.length > 2 ? 9 : 12}" font-weight="700" fill="#fff" text-anchor="middle">${letters}</text></svg>`,
  );
}
