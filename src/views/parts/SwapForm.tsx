import type { FormEvent, ReactNode } from 'react';
import { Spinner } from './Spinner.js';
import { TokenIcon } from './TokenIcon.js';

/** A token as the form shows it on its picker button. */
export interface SwapFormToken {
  symbol: string;
  iconUrl: string | undefined;
  /** "Balance: 1.5 ETH". */
  balance: string;
}

/** The quote's lines, as text; undefined fields are not shown. */
export interface SwapFormQuote {
  /** The quoted output ("0.5 LTK"), or a spinner while it is asked. */
  output: string | undefined;
  loading: boolean;
  rate: string | undefined;
  priceImpact: string | undefined;
  networkFee: string | undefined;
  minimum: string | undefined;
}

export interface SwapFormProps {
  from: SwapFormToken | undefined;
  to: SwapFormToken | undefined;
  amount: string;
  slippage: string;
  quote: SwapFormQuote;
  errors: { form?: string | undefined; amount?: string | undefined; slippage?: string | undefined; quote?: string | undefined };
  /** The form can go to the preview (a fresh quote for these inputs, no problem). */
  ready: boolean;
  labels: {
    from: string; to: string; chooseToken: string; amount: string; max: string; maxLabel: string; flip: string; quoting: string;
    rate: string; priceImpact: string; networkFee: string; minimum: string; slippage: string; submit: string;
  };
  onPick(side: 'from' | 'to'): void;
  onChange(change: { amount?: string; slippage?: string }): void;
  onMax(): void;
  onFlip(): void;
  onSubmit(): void;
}

/** The side's label is inside the button (hidden), so its name starts with what it is for and includes what it shows. */
function TokenButton({ id, label, token, placeholder, onClick }: { id: string; label: string; token: SwapFormToken | undefined; placeholder: string; onClick(): void }) {
  return (
    <button type="button" id={id} className="picker-button row" data-token={token?.symbol} onClick={onClick}>
      <span className="visually-hidden">{`${label}: `}</span>
      {token ? (
        <>
          <TokenIcon symbol={token.symbol} iconUrl={token.iconUrl} />
          <span className="row-main">
            <span className="row-title">{token.symbol}</span>
            <span className="row-sub" data-balance>{token.balance}</span>
          </span>
        </>
      ) : <span className="row-main"><span className="row-title placeholder">{placeholder}</span></span>}
      <span className="picker-chevron" aria-hidden="true">▾</span>
    </button>
  );
}

function Line({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-line={name}>{children}</dd>
    </div>
  );
}

/**
 * Swap: the token to pay with and its amount (with Max), the token to receive and the quoted output, the
 * quote's rate, price impact, network fee and minimum received, and the slippage tolerance. Pure: props in,
 * callbacks out; every message sits next to what it is about.
 */
export function SwapForm({ from, to, amount, slippage, quote, errors, ready, labels, onPick, onChange, onMax, onFlip, onSubmit }: SwapFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="send-form swap-form" noValidate onSubmit={submit}>
      <div className="field swap-card" data-side="from">
        <span className="field-label" id="swap-from-label" aria-hidden="true">{labels.from}</span>
        <TokenButton id="swap-from" label={labels.from} token={from} placeholder={labels.chooseToken} onClick={() => onPick('from')} />
        <label className="visually-hidden" htmlFor="swap-amount">{labels.amount}</label>
        <div className="amount-row">
          <input
            id="swap-amount" name="amount" inputMode="decimal" autoComplete="off" placeholder="0" value={amount}
            aria-invalid={errors.amount ? true : undefined} aria-describedby={errors.amount ? 'swap-amount-error' : undefined}
            onChange={(e) => onChange({ amount: e.target.value })}
          />
          <button type="button" className="button secondary max-button" data-action="max" title={labels.maxLabel} onClick={onMax}>{labels.max}</button>
        </div>
        {errors.amount ? <p id="swap-amount-error" className="status error field-error" role="alert">{errors.amount}</p> : null}
      </div>
      <button type="button" className="button secondary flip-button" data-action="flip" aria-label={labels.flip} title={labels.flip} onClick={onFlip}>⇅</button>
      <div className="field swap-card" data-side="to">
        <span className="field-label" id="swap-to-label" aria-hidden="true">{labels.to}</span>
        <TokenButton id="swap-to" label={labels.to} token={to} placeholder={labels.chooseToken} onClick={() => onPick('to')} />
        <p className="swap-output" aria-live="polite" data-output={quote.output}>
          {quote.output ?? (quote.loading ? <Spinner label={labels.quoting} /> : null)}
        </p>
        {/* The quote belongs to what is received: inside its card. */}
        {quote.rate || quote.networkFee ? (
          <dl className="review-list">
            {quote.rate ? <Line label={labels.rate} name="rate">{quote.rate}</Line> : null}
            {quote.priceImpact ? <Line label={labels.priceImpact} name="price-impact">{quote.priceImpact}</Line> : null}
            {quote.networkFee ? <Line label={labels.networkFee} name="network-fee">{quote.networkFee}</Line> : null}
            {quote.minimum ? <Line label={labels.minimum} name="minimum">{quote.minimum}</Line> : null}
          </dl>
        ) : null}
      </div>
      <div className="field">
        <label className="field-label" htmlFor="swap-slippage">{labels.slippage}</label>
        <input
          id="swap-slippage" name="slippage" inputMode="decimal" autoComplete="off" value={slippage}
          aria-invalid={errors.slippage ? true : undefined} aria-describedby={errors.slippage ? 'swap-slippage-error' : undefined}
          onChange={(e) => onChange({ slippage: e.target.value })}
        />
        {errors.slippage ? <p id="swap-slippage-error" className="status error field-error" role="alert">{errors.slippage}</p> : null}
      </div>
      {errors.quote ? <p id="swap-quote-error" className="status error" role="alert">{errors.quote}</p> : null}
      {errors.form ? <p id="swap-error" className="status error" role="alert">{errors.form}</p> : null}
      <button type="submit" className="button primary wide" part="button" data-action="review-swap" aria-disabled={ready ? undefined : true}>{labels.submit}</button>
    </form>
  );
}
