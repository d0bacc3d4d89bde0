import '../../core/messages-auth.js';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { resendCode, verifyCode } from '../../stores/actions/auth.js';
import { $emailLogin } from '../../stores/auth.js';
import type { Route } from '../../stores/route.js';
import { Spinner } from '../parts/Spinner.js';
import { registerSheet } from '../sheets.js';
import authCss from '../../../styles/auth.css';
import { useT } from './use-t.js';

registerSheet(authCss);

/**
 * EmailLogin (docs/specification.md#views): the 6-digit code mailed to the address; the sixth digit sends it. Each refusal of
 * the service (wrong code and the attempts left, expired, too many attempts, resend too soon…) has its message.
 */
export default function EmailLoginScreen({ route }: { route: Extract<Route, { view: 'EmailLogin' }> }) {
  const t = useT();
  const state = useStore($emailLogin);
  const [code, setCode] = useState('');
  const mine = state.where === 'code';
  const error = mine ? state.error : undefined;
  const verifying = state.busy === 'verifying';
  // A message about the code goes once the visitor types again.
  useEffect(() => () => $emailLogin.set({}), []);
  const type = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, 6);
    setCode(digits);
    if (state.error || state.notice) $emailLogin.set({});
    if (digits.length === 6 && digits !== code) void verifyCode(route.email, digits);
  };
  return (
    <form
      className="email-login"
      data-view="EmailLogin"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void verifyCode(route.email, code);
      }}
    >
      <p className="hint" id="code-sent">{t('auth.codeSent', { email: route.email })}</p>
      <div className="field">
        <label className="field-label" htmlFor="auth-code">{t('auth.codeLabel')}</label>
        <input
          id="auth-code" name="code" className="code-input" autoComplete="one-time-code" inputMode="numeric" maxLength={6}
          value={code} disabled={verifying} aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'code-sent auth-code-error' : 'code-sent auth-code-hint'}
          onChange={(event) => type(event.target.value)}
        />
      </div>
      {error ? <p className="status error" id="auth-code-error" role="alert" data-auth-error="">{error}</p> : <p className="hint" id="auth-code-hint">{t('auth.codeHint')}</p>}
      {mine && state.notice ? <p className="status notice" role="status" data-auth-notice="">{state.notice}</p> : null}
      {verifying ? <Spinner label={t('auth.verifying')} /> : null}
      <button type="submit" className="button primary" part="button" data-action="verify" disabled={verifying}>{t('auth.verify')}</button>
      <button type="button" className="button secondary" part="button" data-action="resend" disabled={!!state.busy} onClick={() => void resendCode(route.email)}>
        {t('auth.resend')}
      </button>
    </form>
  );
}
