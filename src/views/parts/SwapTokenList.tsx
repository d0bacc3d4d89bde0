import { useState } from 'react';
import { TokenIcon } from './TokenIcon.js';

export interface SwapListToken {
  key: string;
  symbol: string;
  name: string;
  iconUrl: string | undefined;
  /** The balance as shown, for the visitor's own tokens. */
  balance: string | undefined;
  owned: boolean;
}

export interface SwapTokenListProps {
  tokens: SwapListToken[];
  selected: string | undefined;
  /** While the service's list loads (a spinner) or the message it failed with. */
  loading: boolean;
  error: string | undefined;
  labels: { search: string; yours: string; all: string; none: string; loading: string };
  onChoose(key: string): void;
}

const matches = (token: SwapListToken, query: string) =>
  !query || token.symbol.toLowerCase().includes(query) || token.name.toLowerCase().includes(query) || token.key.toLowerCase().endsWith(query);

function Group({ id, label, tokens, selected, onChoose }: { id: string; label: string; tokens: SwapListToken[]; selected: string | undefined; onChoose(key: string): void }) {
  if (tokens.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="field-label">{label}</h3>
      <ul className="list">
        {tokens.map((token) => (
          <li key={token.key}>
            <button type="button" className="list-button row" data-token-key={token.key} aria-current={token.key === selected ? 'true' : undefined} onClick={() => onChoose(token.key)}>
              <TokenIcon symbol={token.symbol} iconUrl={token.iconUrl} />
              <span className="row-main">
                <span className="row-title">{token.symbol}</span>
                <span className="row-sub">{token.name}</span>
              </span>
              {token.balance ? <span className="row-end" data-balance>{token.balance}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** SwapSelectToken: a search field over the tokens, the visitor's own first (with balances), then the rest. */
export function SwapTokenList({ tokens, selected, loading, error, labels, onChoose }: SwapTokenListProps) {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = tokens.filter((token) => matches(token, q));
  return (
    <div className="swap-tokens">
      <input
        type="search" className="search-input" part="search-input" aria-label={labels.search} placeholder={labels.search} value={query} autoComplete="off"
        // The view opens for this search: the visitor types at once.
        autoFocus
        onChange={(e) => setQuery(e.target.value)}
      />
      {error ? <p className="status error" role="alert">{error}</p>
        : loading ? <p className="hint" role="status">{labels.loading}</p>
          : shown.length === 0 ? <p className="hint" role="status">{labels.none}</p>
            : (
              <>
                <Group id="swap-yours" label={labels.yours} tokens={shown.filter((token) => token.owned)} selected={selected} onChoose={onChoose} />
                <Group id="swap-all" label={labels.all} tokens={shown.filter((token) => !token.owned)} selected={selected} onChoose={onChoose} />
              </>
            )}
    </div>
  );
}
