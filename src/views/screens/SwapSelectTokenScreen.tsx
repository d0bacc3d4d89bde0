import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatTokenAmount } from '../../core/format.js';
import { chooseSwapToken, loadSwapTokens } from '../../stores/actions/swap.js';
import type { Route } from '../../stores/route.js';
import { $swapDraft, $swapServiceTokens, $swapTokens } from '../../stores/swap.js';
import { SwapTokenList } from '../parts/SwapTokenList.js';
import { useLang, useT } from './use-t.js';

/** SwapSelectToken: the token for one side of the swap. */
export default function SwapSelectTokenScreen({ route }: { route: Extract<Route, { view: 'SwapSelectToken' }> }) {
  const t = useT();
  const lang = useLang();
  const tokens = useStore($swapTokens);
  const service = useStore($swapServiceTokens);
  const draft = useStore($swapDraft);
  useEffect(() => void loadSwapTokens(), []);
  return (
    <SwapTokenList
      tokens={tokens.map((token) => ({
        key: token.key, symbol: token.symbol, name: token.name, iconUrl: token.iconUrl, owned: token.owned,
        balance: token.owned ? t('swap.quoted', { amount: formatTokenAmount(token.balance, token.decimals, lang), symbol: token.symbol }) : undefined,
      }))}
      selected={route.side === 'from' ? draft.from : draft.to}
      loading={service.status === 'loading' || service.status === 'idle'}
      error={service.status === 'error' ? service.message : undefined}
      labels={{ search: t('swap.search'), yours: t('swap.yourTokens'), all: t('swap.allTokens'), none: t('swap.noTokens'), loading: t('swap.loadingTokens') }}
      onChoose={(key) => chooseSwapToken(route.side, key)}
    />
  );
}
