import '../../core/messages-siwx.js';
import { useState, type FormEvent } from 'react';
import { confirmCapture, emailCapture } from '../../stores/actions/data-capture.js';
import { $authUser } from '../../stores/auth.js';
import { $connected } from '../../stores/connection.js';
import { Spinner } from '../parts/Spinner.js';
import { useT } from './use-t.js';

/**
 * DataCapture (docs/contract.md "Profile", docs/sign-in.md): the sign-in backend wants a confirmed email
 * before SIWXSignMessage. The email, then the code mailed to it; then on to SIWXSignMessage, whose message names
 * the email. `again`: the backend refused a sign-in for want of it. An email or social login's own email is filled
 * in (the hosted modal's `user.email`); the backend still confirms it with its own code.
 */
export default function DataCaptureScreen({ route }: { route: { view: 'DataCapture'; again?: boolean } }) {
  const t = useT();
  const [email, setEmail] = useState(() => ($connected.get()?.connector.type === 'auth' ? ($authUser.get()?.email ?? '') : ''));
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const run = (event: FormEvent, step: () => Promise<void>) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    step().then(
      () => setBusy(false),
      (cause: unknown) => {
        setBusy(false);
        setError(cause instanceof Error ? cause.message : t('dataCapture.failed'));
      },
    );
  };
  const status = error ? <p className="status error" role="alert" data-capture-error="">{error}</p> : null;
  if (!sentTo) {
    return (
      <form className="data-capture" data-view="DataCapture" noValidate onSubmit={(event) => run(event, async () => {
        await emailCapture().start(email.trim());
        setSentTo(email.trim().toLowerCase());
      })}>
        {route.again ? <p className="status error">{t('dataCapture.verifyAgain')}</p> : null}
        <p>{t('dataCapture.intro')}</p>
        <div className="field">
          <label className="field-label" htmlFor="capture-email">{t('dataCapture.email')}</label>
          <input id="capture-email" name="email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        {status}
        {busy ? <Spinner label={t('dataCapture.continue')} /> : null}
        <button type="submit" className="button primary" part="button" data-action="capture-email" disabled={busy || email.trim() === ''}>{t('dataCapture.continue')}</button>
      </form>
    );
  }
  return (
    <form className="data-capture" data-view="DataCapture" data-step="code" noValidate onSubmit={(event) => run(event, () => confirmCapture(code.trim()))}>
      <div className="field">
        <label className="field-label" htmlFor="capture-code">{t('dataCapture.codeSent', { email: sentTo })}</label>
        <input id="capture-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required value={code} onChange={(event) => setCode(event.target.value)} />
      </div>
      {status}
      {busy ? <Spinner label={t('dataCapture.confirm')} /> : null}
      <button type="submit" className="button primary" part="button" data-action="capture-code" disabled={busy || code.trim() === ''}>{t('dataCapture.confirm')}</button>
    </form>
  );
}
