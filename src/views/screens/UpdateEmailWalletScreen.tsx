import '../../core/messages-auth.js';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { resendEmailUpdate, startEmailUpdate, stopEmailUpdate, verifyEmailUpdateCode } from '../../stores/actions/email-update.js';
import { $emailUpdate } from '../../stores/email-update.js';
import type { Route } from '../../stores/route.js';
import { Spinner } from '../parts/Spinner.js';
import { registerSheet } from '../sheets.js';
import authCss from '../../../styles/auth.css';
import { useT } from './use-t.js';

registerSheet(authCss);

type UpdateRoute = Extract<Route, { view: 'UpdateEmailWallet' }>;

/**
 * UpdateEmailWallet (docs/specification.md#views): the new email, then the 6-digit code mailed to the current address ("Confirm
 * Current Email"), then the one mailed to the new address ("Confirm New Email"); the wallet stays the same.
 * Leaving the view stops waiting on the change.
 */
export default function UpdateEmailWalletScreen({ route }: { route: UpdateRoute }) {
  useEffect(() => stopEmailUpdate, []);
  return route.step ? <CodeStep key={route.step} route={route} /> : <NewEmailStep />;
}

function Message({ id }: { id: string }) {
  const t = useT();
  const state = useStore($emailUpdate);
  if (state.error) return <p className="status error" id={`${id}-error`} role="alert" data-auth-error="">{state.error}</p>;
  if (state.notice) return <p className="status notice" role="status" data-auth-notice="">{state.notice}</p>;
  if (state.busy === 'finishing') return <Spinner label={t('emailUpdate.finishing')} />;
  return null;
}

function NewEmailStep() {
  const t = useT();
  const state = useStore($emailUpdate);
  const [email, setEmail] = useState('');
  return (
    <form className="email-login" data-view="UpdateEmailWallet" noValidate onSubmit={(event) => { event.preventDefault(); void startEmailUpdate(email); }}>
      <div className="field">
        <label className="field-label" htmlFor="update-email">{t('emailUpdate.newLabel')}</label>
        <input
          id="update-email" name="email" type="email" autoComplete="email" placeholder={t('auth.emailPlaceholder')}
          value={email} disabled={state.busy === 'sending'} aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? 'update-email-error' : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            if (state.error) $emailUpdate.set({});
          }}
        />
      </div>
      <Message id="update-email" />
      {state.busy === 'sending' ? <Spinner label={t('auth.sending')} /> : null}
      <button type="submit" className="button primary" part="button" data-action="update-email" disabled={!!state.busy}>{t('emailUpdate.submit')}</button>
    </form>
  );
}

function CodeStep({ route }: { route: UpdateRoute }) {
  const t = useT();
  const state = useStore($emailUpdate);
  const [code, setCode] = useState('');
  const busy = !!state.busy;
  const hint = route.step === 'current' ? t('emailUpdate.currentHint', { email: route.email ?? '' }) : t('emailUpdate.newHint', { email: route.newEmail ?? '' });
  const type = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, 6);
    setCode(digits);
    if (state.error || state.notice) $emailUpdate.set({});
    if (digits.length === 6 && digits !== code) void verifyEmailUpdateCode(route, digits);
  };
  return (
    <form className="email-login" data-view="UpdateEmailWallet" data-step={route.step} noValidate onSubmit={(event) => { event.preventDefault(); void verifyEmailUpdateCode(route, code); }}>
      <p className="hint" id="update-code-sent">{hint}</p>
      <div className="field">
        <label className="field-label" htmlFor="update-code">{t('auth.codeLabel')}</label>
        <input
          id="update-code" name="code" className="code-input" autoComplete="one-time-code" inputMode="numeric" maxLength={6}
          value={code} disabled={busy} aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? 'update-code-sent update-code-error' : 'update-code-sent'}
          onChange={(event) => type(event.target.value)}
        />
      </div>
      <Message id="update-code" />
      {state.busy === 'verifying' ? <Spinner label={t('auth.verifying')} /> : null}
      <button type="submit" className="button primary" part="button" data-action="verify" disabled={busy}>{t('auth.verify')}</button>
      {route.step === 'current' ? (
        <button type="button" className="button secondary" part="button" data-action="resend" disabled={busy} onClick={() => void resendEmailUpdate(route)}>
          {t('emailUpdate.resendCurrent')}
        </button>
      ) : null}
    </form>
  );
}
