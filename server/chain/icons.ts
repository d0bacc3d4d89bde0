/**
 * Small SVG images as data: URIs, made in code so nothing on the local stack needs the network: token icons
 * (a coloured circle with the symbol's first letter), ENS avatars and the spam NFT's metadata.
 */

function svgDataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A 64×64 coloured circle with the first letter of `symbol` in white. */
export function tokenIcon(symbol: string, color: string): string {
  const letter = escapeXml((symbol.trim()[0] ?? '?').toUpperCase());
  return svgDataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
      `<circle cx="32" cy="32" r="32" fill="${escapeXml(color)}"/>` +
      `<text x="32" y="43" font-family="Arial,Helvetica,sans-serif" font-size="30" font-weight="700" ` +
      `fill="#fff" text-anchor="middle">${letter}</text></svg>`,
  );
}

/** A square avatar: a two-colour diagonal gradient with the name's first letter. */
export function avatar(name: string, from: string, to: string): string {
  const letter = escapeXml((name.trim()[0] ?? '?').toUpperCase());
  return svgDataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${escapeXml(from)}"/><stop offset="1" stop-color="${escapeXml(to)}"/></linearGradient></defs>` +
      `<rect width="96" height="96" fill="url(#g)"/>` +
      `<text x="48" y="64" font-family="Arial,Helvetica,sans-serif" font-size="48" font-weight="700" ` +
      `fill="#fff" text-anchor="middle">${letter}</text></svg>`,
  );
}

/** ERC-721 metadata (a data: JSON URI) for the spam collection: the usual "you won" bait. */
export function spamMetadata(name: string): string {
  const image = svgDataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
      `<rect width="256" height="256" fill="#ffd400"/>` +
      `<text x="128" y="120" font-family="Arial,Helvetica,sans-serif" font-size="34" font-weight="700" text-anchor="middle">YOU WON!</text>` +
      `<text x="128" y="160" font-family="Arial,Helvetica,sans-serif" font-size="18" text-anchor="middle">claim your prize</text></svg>`,
  );
  const metadata = {
    name,
    description: 'Congratulations! Claim your free prize now. (A spam airdrop seeded on the local chain.)',
    image,
  };
  return `data:application/json;base64,${Buffer.from(JSON.stringify(metadata), 'utf8').toString('base64')}`;
}
