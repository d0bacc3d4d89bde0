import '../../core/messages-auth.js';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isWidgetError } from '../../core/errors.js';
import { $accountType } from '../../stores/account-type.js';
import { refreshAccountType, switchAccountType } from '../../stores/actions/account-type.js';
import { messageFor } from '../../stores/actions/auth.js';
import { exportWalletKeys } from '../../stores/actions/key-export.js';
import { $authUser } from '../../stores/auth.js';
import { $connected } from '../../stores/connection.js';
import { LOADING_ANNOUNCE_DELAY, Spinner } from '../parts/Spinner.js';
import { useT } from './use-t.js';

/**
 * AccountSettings (docs/specification.md#views): an email or social login's EVM account is its key's own (EOA) or the
 * smart account it owns (ERC-4337). Switching is kept by the secure service; where the active network has no
 * smart account it is refused with docs/specification.md#validation's sentence and nothing changes.
 */
export default function AccountSettingsScreen() {
  const t = useT();
  const state = useStore($accountType);
  const address = useStore($connected)?.address;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const email = useStore($authUser)?.email;
  const [exportError, setExportError] = useState<string | undefined>();
  useEffect(() => {
    void refreshAccountType().catch(() => {});
  }, []);
  if (!state) return <Spinner label={t('view.loading')} announceAfter={LOADING_ANNOUNCE_DELAY} />;
  const smart = state.preferred === 'smartAccount' && state.smartAccount && address?.toLowerCase() === state.smartAccount.address.toLowerCase();
  const next = smart ? 'eoa' : 'smartAccount';
  const toggle = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await switchAccountType(next);
    } catch (cause) {
      setError(isWidgetError(cause) ? cause.shortMessage : t('error.unknown'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="account-settings" data-view="AccountSettings">
      <p className="field-label">{t('smartAccount.type')}</p>
      <p className="status" data-account-type={smart ? 'smartAccount' : 'eoa'}>{smart ? t('smartAccount.smart') : t('smartAccount.eoa')}</p>
      {smart && state.smartAccount ? (
        <p className="hint" data-deployed={String(state.smartAccount.deployed)}>{state.smartAccount.deployed ? t('smartAccount.deployed') : t('smartAccount.notDeployed')}</p>
      ) : null}
      {error ? <p className="status error" role="alert" data-account-error="">{error}</p> : null}
      {busy ? <Spinner label={t('smartAccount.switching')} /> : null}
      <button type="button" className="button primary" part="button" data-action="switch-account-type" disabled={busy} onClick={() => void toggle()}>
        {smart ? t('smartAccount.toEoa') : t('smartAccount.toSmart')}
      </button>
      {/* Key export: offered to a login with an email (the code goes there); the keys show in the secure frame only. */}
      {email ? (
        <>
          <p className="field-label">{t('keyExport.title')}</p>
          <p className="hint">{t('keyExport.hint', { email })}</p>
          {exportError ? <p className="status error" role="alert" data-export-error="">{exportError}</p> : null}
          <button type="button" className="button" part="button" data-action="export-keys" onClick={() => void exportWalletKeys().then(() => setExportError(undefined), (cause: unknown) => setExportError(messageFor(cause)))}>
            {t('keyExport.action')}
          </button>
        </>
      ) : null}
    </div>
  );
}
