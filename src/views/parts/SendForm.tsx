import type { FormEvent, ReactNode } from 'react';
import { type PickerToken, TokenPicker } from './TokenPicker.js';

export interface SendFormErrors {
  form?: string | undefined;
  token?: string | undefined;
  amount?: string | undefined;
  receiver?: string | undefined;
}

export interface SendFormProps {
  tokens: PickerToken[];
  tokenKey: string | undefined;
  amount: string;
  receiver: string;
  available: string | undefined;
  /** The token field's words while there is no token (loading, failed, none). */
  tokensEmpty?: string | undefined;
  errors: SendFormErrors;
  labels: { token: string; chooseToken: string; amount: string; receiver: string; receiverPlaceholder: string; submit: string; max: string; maxLabel: string };
  onChange(change: { tokenKey?: string; amount?: string; receiver?: string }): void;
  onMax(): void;
  onSubmit(): void;
}

/** A field's message, right under it, announced when it appears. */
function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return <p id={id} className="status error field-error" role="alert">{children}</p>;
}

/** The Send form: token, amount (with Max), receiver. Checked on submit; each message sits under its field. */
export function SendForm({ tokens, tokenKey, amount, receiver, available, tokensEmpty, errors, labels, onChange, onMax, onSubmit }: SendFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const describedBy = (field: keyof SendFormErrors, ...more: (string | undefined)[]) =>
    [errors[field] ? `send-${field}-error` : undefined, ...more].filter(Boolean).join(' ') || undefined;
  return (
    <form className="send-form" noValidate onSubmit={submit} aria-describedby={errors.form ? 'send-error' : undefined}>
      <div className="field">
        <span className="field-label" id="send-token-label">{labels.token}</span>
        <TokenPicker
          id="send-token"
          labelId="send-token-label"
          tokens={tokens}
          selected={tokenKey}
          placeholder={labels.chooseToken}
          describedBy={describedBy('token')}
          invalid={Boolean(errors.token)}
          emptyText={tokensEmpty}
          onSelect={(key) => onChange({ tokenKey: key })}
        />
        {errors.token ? <FieldError id="send-token-error">{errors.token}</FieldError> : null}
      </div>
      <div className="field">
        <label className="field-label" htmlFor="send-amount">{labels.amount}</label>
        <div className="amount-row">
          <input
            id="send-amount" name="amount" inputMode="decimal" autoComplete="off" placeholder="0" value={amount}
            aria-invalid={errors.amount ? true : undefined} aria-describedby={describedBy('amount', available ? 'send-available' : undefined)}
            onChange={(e) => onChange({ amount: e.target.value })}
          />
          <button type="button" className="button secondary max-button" data-action="max" title={labels.maxLabel} onClick={onMax}>{labels.max}</button>
        </div>
        {errors.amount ? <FieldError id="send-amount-error">{errors.amount}</FieldError> : null}
        {available ? <p className="hint field-hint" id="send-available">{available}</p> : null}
      </div>
      <div className="field">
        <label className="field-label" htmlFor="send-receiver">{labels.receiver}</label>
        <input
          id="send-receiver" name="receiver" autoComplete="off" spellCheck={false} placeholder={labels.receiverPlaceholder} value={receiver}
          aria-invalid={errors.receiver ? true : undefined} aria-describedby={describedBy('receiver')}
          onChange={(e) => onChange({ receiver: e.target.value })}
        />
        {errors.receiver ? <FieldError id="send-receiver-error">{errors.receiver}</FieldError> : null}
      </div>
      {errors.form ? <p id="send-error" className="status error" role="alert">{errors.form}</p> : null}
      <button type="submit" className="button primary wide" part="button">{labels.submit}</button>
    </form>
  );
}
