import '../../core/messages-account.js';
import { useStore } from '@nanostores/react';
import { formatAmount, formatTokenAmount } from '../../core/format.js';
import { reviewSend, updateSendDraft } from '../../stores/actions/send.js';
import type { Route } from '../../stores/route.js';
import { $sendDraft, $sendTokens } from '../../stores/send.js';
import { SendForm } from '../parts/SendForm.js';
import { useLang, useT } from './use-t.js';
import sendCss from '../../../styles/send.css';
import { registerSheet } from '../sheets.js';

registerSheet(sendCss);

/** Send: choose a token, an amount and a receiver (address or name). */
export default function SendScreen({ route }: { route: Extract<Route, { view: 'Send' }> }) {
  const t = useT();
  const lang = useLang();
  const draft = useStore($sendDraft);
  const tokens = useStore($sendTokens);
  const selected = tokens.find((token) => token.key === draft.tokenKey);
  return (
    <SendForm
      tokens={tokens.map((token) => ({ key: token.key, label: `${token.symbol}: ${formatTokenAmount(token.balance, token.decimals, lang)}` }))}
      tokenKey={draft.tokenKey}
      amount={draft.amount}
      receiver={draft.receiver}
      available={selected ? t('send.available', { amount: formatAmount(selected.balance, selected.decimals, lang, selected.decimals), symbol: selected.symbol }) : undefined}
      error={route.error}
      labels={{ token: t('send.token'), chooseToken: t('send.chooseToken'), amount: t('send.amount'), receiver: t('send.receiver'), receiverPlaceholder: t('send.receiverPlaceholder'), submit: t('action.review') }}
      onChange={updateSendDraft}
      onSubmit={() => void reviewSend()}
    />
  );
}
