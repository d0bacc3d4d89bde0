import { siApple, siDiscord, siFacebook, siFarcaster, siGithub, siGoogle, siX } from 'simple-icons';

/** The social providers' marks (Simple Icons, CC0): path and brand colour, inline (no request for CSP to refuse). */
const BRANDS: Record<string, { path: string; hex: string }> = {
  google: siGoogle, x: siX, discord: siDiscord, github: siGithub, apple: siApple, facebook: siFacebook, farcaster: siFarcaster,
};

/** A provider's mark in its colour; a black mark takes the text colour, so it shows in dark mode too. */
export function BrandIcon({ provider }: { provider: string }) {
  const brand = BRANDS[provider];
  if (!brand) return null;
  const fill = brand.hex === '000000' || brand.hex === '181717' ? 'currentColor' : `#${brand.hex}`;
  return (
    <svg className="icon brand-icon" data-brand={provider} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={brand.path} fill={fill} />
    </svg>
  );
}
