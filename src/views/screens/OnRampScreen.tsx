import '../../core/messages-onramp.js';
import { useStore } from '@nanostores/react';
import type { MessageId } from '../../core/messages.js';
import { PAYMENT_METHODS, checkAmount, type OnRampQuote } from '../../core/onramp.js';
import { cancelBuy, chooseOnRamp, continueBuy, providerName, updateOnRampDraft } from '../../stores/actions/onramp.js';
import { $onRampDraft, $onRampOptions, $onRampPurchases, $onRampQuote } from '../../stores/onramp.js';
import { type Route, pushRoute } from '../../stores/route.js';
import { OnRampForm } from '../parts/OnRampForm.js';
import { Spinner } from '../parts/Spinner.js';
import { useNetworkInfo } from './networks.js';
import { useT } from './use-t.js';
import { $connected } from '../../stores/connection.js';
import sendCss from '../../../styles/send.css';
import onrampCss from '../../../styles/onramp.css';
import { registerSheet } from '../sheets.js';
import { TokenIcon } from '../parts/TokenIcon.js';

registerSheet(sendCss);
registerSheet(onrampCss);

type OnRampRoute = Extract<Route, { view: 'OnRampProviders' | 'OnRampTokenSelect' | 'OnRampFiatSelect' | 'BuyInProgress' }>;

const money = (m: { amount: string; currency: string }) => `${m.amount} ${m.currency}`;
const rows = (quote: OnRampQuote) => ({ receive: money(quote.purchaseAmount), fee: quote.coinbaseFee ? money(quote.coinbaseFee) : undefined, networkFee: money(quote.networkFee), total: money(quote.paymentTotal) });

/** OnRampProviders: the provider (its fee and methods) and the buy form. */
function BuyForm() {
  const t = useT();
  const options = useStore($onRampOptions);
  const draft = useStore($onRampDraft);
  const quote = useStore($onRampQuote);
  const purchases = useStore($onRampPurchases);
  const networkName = useNetworkInfo(useStore($connected)?.chainId)?.name ?? '';
  if (options.status === 'loading') return <div className="loading"><Spinner label={t('onramp.optionsLoading')} /></div>;
  const fiat = options.options.paymentCurrencies.find((c) => c.id === draft.fiat);
  const purchase = purchases.find((p) => p.currency.symbol === draft.symbol);
  const check = checkAmount(draft.amount, fiat, draft.method);
  const amountError = check.ok
    ? undefined
    : 'limit' in check
      ? t(check.reason === 'min' ? 'onramp.belowMin' : 'onramp.aboveMax', { limit: check.limit, currency: draft.fiat })
      : t(check.reason === 'empty' ? 'onramp.amountRequired' : 'onramp.amountInvalid');
  const name = providerName();
  const fee = options.options.provider?.fee;
  const methodLabel = (id: string) => t(`onramp.method.${id}` as MessageId);
  const offered = PAYMENT_METHODS.filter((id) => fiat?.payment_method_limits.some((l) => l.id === id) ?? true);
  return (
    <OnRampForm
      provider={{ name, fee: fee ? t('onramp.fee', { fee }) : t('onramp.feeInQuote'), methods: offered.map(methodLabel).join(', ') }}
      notice={
        purchases.length === 0
          ? { kind: 'unavailable', text: t('onramp.nothingToBuy', { network: networkName }) }
          : options.fallback
            ? { kind: 'defaults', text: t('onramp.defaultsNotice') }
            : undefined
      }
      purchase={purchase ? { label: purchase.currency.symbol, detail: networkName } : undefined}
      fiat={draft.fiat}
      amount={draft.amount}
      methods={offered.map((id) => {
        const limit = fiat?.payment_method_limits.find((l) => l.id === id);
        return { id, label: methodLabel(id), limits: limit ? t('onramp.limits', { min: limit.min, max: limit.max, currency: draft.fiat }) : undefined };
      })}
      method={draft.method}
      amountError={amountError}
      quote={
        quote.status === 'quote'
          ? { state: 'quote', rows: rows(quote.quote) }
          : quote.status === 'estimate'
            ? { state: 'estimate', rows: { receive: `≈ ${quote.amount} ${quote.symbol}` } }
            : { state: quote.status }
      }
      error={draft.error}
      canContinue={check.ok && purchase !== undefined}
      labels={{
        provider: t('onramp.provider'), methods: t('onramp.methods'), youBuy: t('onramp.youBuy'), youPay: t('onramp.youPay'), quoteLoading: t('onramp.quoteLoading'),
        youReceive: t('onramp.youReceive'), providerFee: t('onramp.providerFee'), networkFee: t('onramp.networkFee'), total: t('onramp.total'), estimate: t('onramp.estimate'),
        estimateNote: t('onramp.estimateNote'), quoteUnavailable: t('onramp.quoteUnavailable'), continue: t('onramp.continue', { provider: name }),
      }}
      onPickCurrency={() => pushRoute({ view: 'OnRampTokenSelect' })}
      onPickFiat={() => pushRoute({ view: 'OnRampFiatSelect' })}
      onAmount={(amount) => updateOnRampDraft({ amount })}
      onMethod={(method) => updateOnRampDraft({ method: method as (typeof PAYMENT_METHODS)[number] })}
      onContinue={() => void continueBuy()}
    />
  );
}

/** OnRampTokenSelect and OnRampFiatSelect: a list; choosing goes back to the form. */
function Picker({ kind }: { kind: 'token' | 'fiat' }) {
  const options = useStore($onRampOptions);
  const draft = useStore($onRampDraft);
  const purchases = useStore($onRampPurchases);
  // The currencies offered are the connected network's: named as the widget names that network, not as the service does.
  const networkName = useNetworkInfo(useStore($connected)?.chainId)?.name ?? '';
  const items =
    kind === 'token'
      ? purchases.map((p) => ({ key: p.currency.symbol, label: p.currency.symbol, detail: `${p.currency.name} · ${networkName}`, pick: () => chooseOnRamp({ symbol: p.currency.symbol }) }))
      : (options.status === 'ready' ? options.options.paymentCurrencies : []).map((c) => ({ key: c.id, label: c.id, detail: undefined, pick: () => chooseOnRamp({ fiat: c.id }) }));
  const selected = kind === 'token' ? draft.symbol : draft.fiat;
  return (
    <ul className="list onramp-picker">
      {items.map((item) => (
        <li key={item.key}>
          <button type="button" className="list-button" part="button" data-option={item.key} aria-current={item.key === selected ? 'true' : undefined} onClick={item.pick}>
            {kind === 'token' ? <TokenIcon symbol={item.key} iconUrl={undefined} /> : null}
            <span className="list-label">{item.label}</span>
            {item.detail ? <span className="hint">{item.detail}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** BuyInProgress: the provider's window is open (or blocked: then a link); the funds are awaited. */
function InProgress({ route }: { route: Extract<Route, { view: 'BuyInProgress' }> }) {
  const t = useT();
  return (
    <div className="onramp-progress" data-blocked={route.blocked ? 'true' : undefined}>
      <Spinner label={t('onramp.watching')} />
      <p>{t('onramp.inProgress', { provider: route.provider })}</p>
      {route.blocked ? (
        <p className="hint">
          {t('onramp.popupBlocked', { provider: route.provider })}{' '}
          <a href={route.url} target="_blank" rel="noopener noreferrer" data-action="open-provider">{t('onramp.openProvider', { provider: route.provider })}</a>
        </p>
      ) : null}
      <button type="button" className="button secondary wide" part="button" data-action="cancel" onClick={cancelBuy}>{t('onramp.cancel')}</button>
    </div>
  );
}

export default function OnRampScreen({ route }: { route: OnRampRoute }) {
  switch (route.view) {
    case 'OnRampProviders':
      return <BuyForm />;
    case 'OnRampTokenSelect':
      return <Picker kind="token" />;
    case 'OnRampFiatSelect':
      return <Picker kind="fiat" />;
    case 'BuyInProgress':
      return <InProgress route={route} />;
    default:
      return route satisfies never;
  }
}
