export interface TokenRow {
  key: string;
  name: string;
  symbol: string;
  iconUrl: string | undefined;
  quantity: string;
  value: string | undefined;
}

/** Token balances: icon, name, quantity with symbol, and the USD value when known. */
export function TokenList({ tokens, label }: { tokens: TokenRow[]; label: string }) {
  return (
    <ul className="list token-list" part="token-list" aria-label={label}>
      {tokens.map((token) => (
        <li key={token.key} className="row" data-token={token.symbol}>
          {token.iconUrl ? <img className="token-icon" src={token.iconUrl} alt="" /> : <span className="token-icon initial" aria-hidden="true">{token.symbol.slice(0, 1)}</span>}
          <span className="row-main">
            <span className="row-title">{token.name}</span>
            <span className="row-sub" data-quantity>{`${token.quantity} ${token.symbol}`}</span>
          </span>
          {token.value ? <span className="row-end" data-value>{token.value}</span> : null}
        </li>
      ))}
    </ul>
  );
}
