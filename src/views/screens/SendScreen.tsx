import '../../core/messages-account.js';
import '../../core/messages-solana-send.js';
import { useStore } from '@nanostores/react';
import { formatTokenAmount, formatUsdValue } from '../../core/format.js';
import { reviewSend, updateSendDraft } from '../../stores/actions/send.js';
import { fillMaxAmount } from '../../stores/actions/send-form.js';
import type { Route } from '../../stores/route.js';
import { $connected } from '../../stores/connection.js';
import { $sendDraft, $sendErrors, $sendTokens, type SendToken } from '../../stores/send.js';
import { $nativeBalance } from '../../stores/balance.js';
import { $portfolio } from '../../stores/portfolio.js';
import { SendForm } from '../parts/SendForm.js';
import { useLang, useT } from './use-t.js';
import sendCss from '../../../styles/send.css';
import { registerSheet } from '../sheets.js';

registerSheet(sendCss);

/** Send: choose a token, an amount and a receiver (an address, or on EVM a name). */
export default function SendScreen({ route }: { route: Extract<Route, { view: 'Send' }> }) {
  const t = useT();
  const lang = useLang();
  const draft = useStore($sendDraft);
  const errors = useStore($sendErrors);
  const tokens = useStore($sendTokens);
  const portfolio = useStore($portfolio);
  const native = useStore($nativeBalance);
  // With no token to offer, the field says why: still loading, both sources failed, or nothing on this network.
  const tokensEmpty = tokens.length
    ? undefined
    : portfolio.status === 'loading' || native.status === 'loading'
      ? t('send.tokensLoading')
      : portfolio.status !== 'ready' && native.status === 'error'
        ? t('send.tokensFailed')
        : t('send.tokensNone');
  const solana = useStore($connected)?.namespace === 'solana';
  const selected = tokens.find((token) => token.key === draft.tokenKey);
  const option = (token: SendToken) => ({
    key: token.key, symbol: token.symbol, name: token.name, iconUrl: token.iconUrl,
    balance: t('send.tokenBalance', { amount: formatTokenAmount(token.balance, token.decimals, lang), symbol: token.symbol }),
    value: formatUsdValue(token.balance, token.decimals, token.usdPrice, lang),
  });
  return (
    <SendForm
      tokens={tokens.map(option)}
      tokenKey={draft.tokenKey}
      amount={draft.amount}
      receiver={draft.receiver}
      tokensEmpty={tokensEmpty}
      available={selected ? t('send.available', { amount: formatTokenAmount(selected.balance, selected.decimals, lang), symbol: selected.symbol }) : undefined}
      errors={{ ...errors, form: route.error ?? errors.form }}
      labels={{
        token: t('send.token'), chooseToken: t('send.chooseToken'), amount: t('send.amount'), receiver: t('send.receiver'),
        receiverPlaceholder: t(solana ? 'solanaSend.receiverPlaceholder' : 'send.receiverPlaceholder'), submit: t('action.review'), max: t('send.max'), maxLabel: t('send.maxLabel'),
      }}
      onChange={updateSendDraft}
      onMax={() => void fillMaxAmount()}
      onSubmit={() => void reviewSend()}
    />
  );
}
