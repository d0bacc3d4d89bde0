import '../../core/messages-auth.js';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { submitEmail } from '../../stores/actions/auth.js';
import { $emailLogin } from '../../stores/auth.js';
import { Spinner } from '../parts/Spinner.js';
import { registerSheet } from '../sheets.js';
import authCss from '../../../styles/auth.css';
import { useT } from './use-t.js';

registerSheet(authCss);

/**
 * The top of Connect with `auth-url` and `features=email`: an email field; a code is mailed to it
 * (EmailLogin asks for it). A malformed address is refused here and nothing is sent. Social buttons go below
 * the field (features=socials).
 */
export default function AuthLoginBlock() {
  const t = useT();
  const state = useStore($emailLogin);
  const [email, setEmail] = useState('');
  const error = state.where === 'email' ? state.error : undefined;
  const sending = state.busy === 'sending';
  return (
    <form
      className="auth-login"
      data-auth="email"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submitEmail(email);
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor="auth-email">{t('auth.emailLabel')}</label>
        <input
          id="auth-email" name="email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false}
          placeholder={t('auth.emailPlaceholder')} value={email} disabled={sending}
          aria-invalid={error ? true : undefined} aria-describedby={error ? 'auth-email-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {error ? <p className="status error" id="auth-email-error" role="alert" data-auth-error="">{error}</p> : null}
      {sending ? <Spinner label={t('auth.sending')} /> : null}
      <button type="submit" className="button primary" part="button" data-action="email-continue" disabled={sending}>{t('auth.continue')}</button>
    </form>
  );
}
