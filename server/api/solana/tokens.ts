// Names, symbols, icons and spam flags of SPL mints: the seed's metadata where it knows the mint, else a
// short form of the mint address (the local chain has no token metadata program).
import { placeholderIconUrl } from '../icons.js';
import type { ApiSolanaChain } from './chain.js';

export interface SplTokenInfo {
  mint: string;
  name: string;
  symbol: string;
  iconUrl: string;
  spam: boolean;
}

export function splTokenInfo(chain: ApiSolanaChain, mint: string): SplTokenInfo {
  const seeded = chain.seeded?.tokens.find((token) => token.mint === mint);
  if (seeded) return { mint, name: seeded.name, symbol: seeded.symbol, iconUrl: seeded.iconUrl, spam: seeded.spam };
  const short = `${mint.slice(0, 4)}…${mint.slice(-4)}`;
  return { mint, name: short, symbol: mint.slice(0, 4).toUpperCase(), iconUrl: placeholderIconUrl(mint.slice(0, 3)), spam: false };
}

/** Solana's four-colour mark, simplified: a round badge with three bars. */
export const SOL_ICON_URL = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#000"/>' +
    '<path fill="#14F195" d="M10 20.5h11l-2 2H8z"/><path fill="#9945FF" d="M10 11.5h11l-2-2H8z"/><path fill="#19D3C5" d="M8 15h11l2 2H10z"/></svg>',
).toString('base64')}`;
