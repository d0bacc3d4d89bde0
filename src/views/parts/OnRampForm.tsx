import type { FormEvent, ReactNode } from 'react';
import { Spinner } from './Spinner.js';

export interface OnRampQuoteRows {
  receive: string;
  fee?: string | undefined;
  networkFee?: string | undefined;
  total?: string | undefined;
}

export interface OnRampFormProps {
  provider: { name: string; fee: string; methods: string };
  /** A notice above the form: the built-in defaults in use, or nothing to buy on this network. */
  notice: { kind: 'defaults' | 'unavailable'; text: string } | undefined;
  purchase: { label: string; detail: string } | undefined;
  fiat: string;
  amount: string;
  methods: { id: string; label: string; limits: string | undefined }[];
  method: string;
  amountError: string | undefined;
  /** `estimate`: the rows are an estimate from the price, not the provider's quote. */
  quote: { state: 'idle' } | { state: 'loading' } | { state: 'unavailable' } | { state: 'quote' | 'estimate'; rows: OnRampQuoteRows };
  error: string | undefined;
  canContinue: boolean;
  labels: Record<'provider' | 'methods' | 'youBuy' | 'youPay' | 'quoteLoading' | 'youReceive' | 'providerFee' | 'networkFee' | 'total' | 'estimate' | 'estimateNote' | 'quoteUnavailable' | 'continue', string>;
  onPickCurrency(): void;
  onPickFiat(): void;
  onAmount(amount: string): void;
  onMethod(method: string): void;
  onContinue(): void;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return <div><dt>{term}</dt><dd>{children}</dd></div>;
}

/** The buy form: the provider, what to buy, how much to pay and how, the quote, and Continue. */
export function OnRampForm(props: OnRampFormProps) {
  const { labels, quote } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.canContinue) props.onContinue();
  };
  return (
    <form className="onramp-form" noValidate onSubmit={submit}>
      <section className="onramp-provider" aria-label={labels.provider} data-provider={props.provider.name}>
        <p className="list-label">{props.provider.name}</p>
        <p className="hint">{props.provider.fee}</p>
        <p className="hint">{props.provider.methods}</p>
      </section>
      {props.notice ? <p className="hint notice" data-notice={props.notice.kind}>{props.notice.text}</p> : null}
      <div className="field">
        <span className="field-label" id="onramp-buy-label">{labels.youBuy}</span>
        <button type="button" className="picker-button" aria-labelledby="onramp-buy-label onramp-buy-value" data-action="pick-currency" onClick={props.onPickCurrency}>
          <span id="onramp-buy-value">{props.purchase ? `${props.purchase.label} · ${props.purchase.detail}` : '—'}</span>
        </button>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="onramp-amount">{labels.youPay}</label>
        <div className="amount-row">
          <input
            id="onramp-amount" name="amount" inputMode="decimal" autoComplete="off" value={props.amount}
            aria-invalid={props.amountError ? true : undefined} aria-describedby={props.amountError ? 'onramp-amount-error' : undefined}
            onChange={(e) => props.onAmount(e.target.value)}
          />
          <button type="button" className="button secondary fiat-button" data-action="pick-fiat" aria-label={`${labels.youPay}: ${props.fiat}`} onClick={props.onPickFiat}>{props.fiat}</button>
        </div>
        {props.amountError ? <p id="onramp-amount-error" className="status error field-error" role="alert">{props.amountError}</p> : null}
      </div>
      <fieldset className="field onramp-methods">
        <legend className="field-label">{labels.methods}</legend>
        {props.methods.map((m) => (
          <label key={m.id} className="onramp-method">
            <input type="radio" name="method" value={m.id} checked={props.method === m.id} onChange={() => props.onMethod(m.id)} />
            <span>{m.label}</span>
            {m.limits ? <span className="hint">{m.limits}</span> : null}
          </label>
        ))}
      </fieldset>
      <div className="onramp-quote" aria-live="polite" data-quote={quote.state}>
        {quote.state === 'loading' ? <Spinner label={labels.quoteLoading} /> : null}
        {quote.state === 'unavailable' ? <p className="hint">{labels.quoteUnavailable}</p> : null}
        {quote.state === 'quote' || quote.state === 'estimate' ? (
          <dl className="review-list">
            <Row term={labels.youReceive}>
              {quote.state === 'estimate' ? <span className="tag">{labels.estimate}</span> : null} <span data-receive>{quote.rows.receive}</span>
            </Row>
            {quote.rows.fee ? <Row term={labels.providerFee}>{quote.rows.fee}</Row> : null}
            {quote.rows.networkFee ? <Row term={labels.networkFee}>{quote.rows.networkFee}</Row> : null}
            {quote.rows.total ? <Row term={labels.total}>{quote.rows.total}</Row> : null}
          </dl>
        ) : null}
        {quote.state === 'estimate' ? <p className="hint">{labels.estimateNote}</p> : null}
      </div>
      {props.error ? <p className="status error" role="alert">{props.error}</p> : null}
      <button type="submit" className="button primary wide" part="button" data-action="continue" disabled={!props.canContinue}>{labels.continue}</button>
    </form>
  );
}
