import { useState } from 'react';
import { siBitcoin, siBnbchain, siChainlink, siEthereum, siLitecoin, siPolygon, siSolana, siTether } from 'simple-icons';
import tokenIconCss from '../../../styles/token-icon.css';
import { registerSheet } from '../sheets.js';
import { idHue } from './NetworkIcon.js';

registerSheet(tokenIconCss);

/**
 * Built-in marks of well-known tokens (Simple Icons, CC0), drawn inline: no request, nothing for a CSP to refuse.
 * `coin`: the mark is itself a coin, drawn whole in its colour; otherwise it is drawn white on a disc of the colour.
 */
interface Mark {
  name: string;
  color: string;
  path?: string;
  coin?: boolean;
  /** The letter's colour on a light disc. */
  ink?: string;
}
const ETH: Mark = { name: 'ethereum', color: '#627eea', path: siEthereum.path };
const BTC: Mark = { name: 'bitcoin', color: `#${siBitcoin.hex}`, path: siBitcoin.path, coin: true };
const POL: Mark = { name: 'polygon', color: `#${siPolygon.hex}`, path: siPolygon.path };
const BNB: Mark = { name: 'bnb', color: `#${siBnbchain.hex}`, path: siBnbchain.path };
const MARKS: Record<string, Mark> = {
  ETH, WETH: ETH,
  BTC, WBTC: BTC,
  POL, MATIC: POL,
  BNB, WBNB: BNB,
  SOL: { name: 'solana', color: '#000000', path: siSolana.path },
  USDT: { name: 'tether', color: `#${siTether.hex}`, path: siTether.path },
  LINK: { name: 'chainlink', color: `#${siChainlink.hex}`, path: siChainlink.path },
  LTC: { name: 'litecoin', color: '#345d9d', path: siLitecoin.path, coin: true },
  // No mark in the set: the letter on the token's own colour.
  USDC: { name: 'usdc', color: '#2775ca' },
  DAI: { name: 'dai', color: '#f5ac37', ink: '#1f2328' },
};

/**
 * A token's icon: the one the wallet data API gave (`iconUrl`), else the built-in mark of a well-known symbol, else
 * its initial on a colour of its own. An icon that fails to load falls back the same way.
 */
export function TokenIcon({ symbol, iconUrl }: { symbol: string | undefined; iconUrl: string | undefined }) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (iconUrl && failed !== iconUrl) {
    return <img className="token-icon" data-token-icon="image" src={iconUrl} alt="" onError={() => setFailed(iconUrl)} />;
  }
  if (!symbol) return <span className="token-icon" data-token-icon="none" aria-hidden="true" />;
  const mark = MARKS[symbol.toUpperCase()];
  if (mark?.path) {
    return (
      <span className="token-icon token-mark" data-token-icon="mark" data-mark={mark.name} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="36" height="36" focusable="false">
          {mark.coin ? (
            <path d={mark.path} fill={mark.color} />
          ) : (
            <>
              <circle cx="12" cy="12" r="12" fill={mark.color} />
              <path transform="translate(5.4 5.4) scale(.55)" d={mark.path} fill="#fff" />
            </>
          )}
        </svg>
      </span>
    );
  }
  // The letter is drawn by CSS (::after, from data-initial), so it is no text of the row: a row reads "Ether 1.5 ETH".
  const letter = Array.from(symbol)[0]?.toUpperCase();
  const ink = mark?.ink ? { color: mark.ink } : {};
  return <span className="token-icon token-initial" data-token-icon="initial" data-initial={letter} aria-hidden="true" style={{ background: mark?.color ?? idHue(symbol.toUpperCase()), ...ink }} />;
}
