import '../../core/messages-names.js';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { NAME_ZONE, fullName } from '../../core/names.js';
import type { MessageId } from '../../core/messages.js';
import { registerCheckedName, resetNameForm, typeName } from '../../stores/actions/names.js';
import { $connected } from '../../stores/connection.js';
import { $nameForm, type NameCheck } from '../../stores/names.js';
import { replaceRoute } from '../../stores/route.js';
import { Spinner } from '../parts/Spinner.js';
import { useT } from './use-t.js';
import namesCss from '../../../styles/names.css';
import { registerSheet } from '../sheets.js';

registerSheet(namesCss);

const PROBLEMS: Record<Extract<NameCheck, { status: 'invalid' }>['problem'], MessageId> = {
  characters: 'names.ruleCharacters',
  short: 'names.ruleShort',
  long: 'names.ruleLong',
  hyphen: 'names.ruleHyphen',
};

/** What the field says of the name typed: the rule it breaks, checking, free, taken (with free names), or failed. */
function CheckStatus({ check, t }: { check: NameCheck; t: ReturnType<typeof useT> }) {
  if (check.status === 'empty') return null;
  if (check.status === 'checking') return <Spinner label={t('names.checking')} />;
  const text =
    check.status === 'invalid' ? t(PROBLEMS[check.problem])
    : check.status === 'available' ? t('names.available', { name: fullName(check.label) })
    : check.status === 'taken' ? t('names.taken', { name: fullName(check.label) })
    : check.error.message;
  return <>{text}</>;
}

/**
 * RegisterAccountName ("Choose Name", docs/specification.md#views): a name in the zone for the connected EVM
 * account. The rules come first; the field checks the name as the visitor types; a taken name brings free
 * ones to pick; Register asks the wallet for one signature (no transaction) and returns to Account.
 */
export default function RegisterAccountNameScreen() {
  const t = useT();
  const form = useStore($nameForm);
  const connection = useStore($connected);
  const evm = connection?.namespace === 'eip155';
  useEffect(() => () => resetNameForm(), []);
  useEffect(() => {
    if (!evm) replaceRoute({ view: 'Account' });
  }, [evm]);
  if (!evm) return null;
  const { check, registration } = form;
  const signing = registration.status === 'signing';
  const invalid = check.status === 'invalid' || check.status === 'taken';
  return (
    <form
      className="names"
      data-view="RegisterAccountName"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void registerCheckedName();
      }}
    >
      <p className="hint" id="name-rules">{t('names.rules', { zone: NAME_ZONE })}</p>
      <div className="field">
        <label className="field-label" htmlFor="name-input">{t('names.label')}</label>
        <div className="name-input" data-invalid={invalid ? '' : undefined}>
          <input
            id="name-input" name="name" autoComplete="off" autoCapitalize="none" spellCheck={false} value={form.input}
            aria-invalid={invalid ? true : undefined} aria-describedby="name-rules name-status"
            disabled={signing} onChange={(event) => typeName(event.target.value)}
          />
          <span className="name-zone" aria-hidden="true">.{NAME_ZONE}</span>
        </div>
        <p className="name-status" id="name-status" data-state={check.status} aria-live="polite">
          <CheckStatus check={check} t={t} />
        </p>
      </div>
      {check.status === 'taken' && check.suggestions.length > 0 ? (
        <div className="field">
          <span className="field-label" id="name-suggestions-label">{t('names.suggestions')}</span>
          <ul className="name-suggestions" aria-labelledby="name-suggestions-label">
            {check.suggestions.map((label) => (
              <li key={label}>
                <button type="button" data-suggestion={label} onClick={() => typeName(label)}>{fullName(label)}</button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="hint">{t('names.free')}</p>
      {registration.status === 'error' ? <p className="status error" role="alert" data-name-error={registration.error.code}>{registration.error.message}</p> : null}
      {signing ? <Spinner label={t('names.signing')} /> : null}
      <button type="submit" className="button primary wide" part="button" data-action="register" disabled={check.status !== 'available' || signing}>
        {t('names.register')}
      </button>
    </form>
  );
}
