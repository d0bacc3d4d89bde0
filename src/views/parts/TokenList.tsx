import { TokenIcon } from './TokenIcon.js';

export interface TokenRow {
  key: string;
  name: string;
  symbol: string;
  iconUrl: string | undefined;
  /** The quantity as shown, with the symbol ("1.5 LTK", "< 0.0001 SEED"). */
  quantity: string;
  /** The exact quantity with the symbol, when `quantity` is only a bound: on hover, and read by screen readers. */
  exactQuantity?: string | undefined;
  value: string | undefined;
}

/** Token balances: icon, name, quantity with symbol, and the USD value when known. */
export function TokenList({ tokens, label }: { tokens: TokenRow[]; label: string }) {
  return (
    <ul className="list token-list" part="token-list" aria-label={label}>
      {tokens.map((token) => (
        <li key={token.key} className="row" data-token={token.symbol}>
          <TokenIcon symbol={token.symbol} iconUrl={token.iconUrl} />
          <span className="row-main">
            <span className="row-title">{token.name}</span>
            {token.exactQuantity ? (
              <span className="row-sub" data-quantity title={token.exactQuantity}>
                {/* <bdi>: "1.5 ETH" reads left to right inside a right-to-left page. */}
                <bdi aria-hidden="true">{token.quantity}</bdi>
                <span className="visually-hidden">{token.exactQuantity}</span>
              </span>
            ) : (
              <span className="row-sub" data-quantity><bdi>{token.quantity}</bdi></span>
            )}
          </span>
          {token.value ? <span className="row-end" data-value>{token.value}</span> : null}
        </li>
      ))}
    </ul>
  );
}
