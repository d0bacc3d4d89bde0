import type { FormEvent } from 'react';

export interface SendFormToken {
  key: string;
  label: string;
}

export interface SendFormProps {
  tokens: SendFormToken[];
  tokenKey: string | undefined;
  amount: string;
  receiver: string;
  available: string | undefined;
  error: string | undefined;
  labels: { token: string; chooseToken: string; amount: string; receiver: string; receiverPlaceholder: string; submit: string };
  onChange(change: { tokenKey?: string; amount?: string; receiver?: string }): void;
  onSubmit(): void;
}

/** The Send form: token, amount, receiver. Checking happens on submit, with one message for the form. */
export function SendForm({ tokens, tokenKey, amount, receiver, available, error, labels, onChange, onSubmit }: SendFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="send-form" noValidate onSubmit={submit} aria-describedby={error ? 'send-error' : undefined}>
      <label className="field">
        <span className="field-label">{labels.token}</span>
        <select name="token" value={tokenKey ?? ''} onChange={(e) => onChange({ tokenKey: e.target.value || undefined })}>
          <option value="">{labels.chooseToken}</option>
          {tokens.map((token) => <option key={token.key} value={token.key}>{token.label}</option>)}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{labels.amount}</span>
        <input name="amount" inputMode="decimal" autoComplete="off" placeholder="0.0" value={amount} onChange={(e) => onChange({ amount: e.target.value })} />
      </label>
      {available ? <p className="hint field-hint">{available}</p> : null}
      <label className="field">
        <span className="field-label">{labels.receiver}</span>
        <input name="receiver" autoComplete="off" spellCheck={false} placeholder={labels.receiverPlaceholder} value={receiver} onChange={(e) => onChange({ receiver: e.target.value })} />
      </label>
      {error ? <p id="send-error" className="status error" role="alert">{error}</p> : null}
      <button type="submit" className="button primary wide" part="button">{labels.submit}</button>
    </form>
  );
}
