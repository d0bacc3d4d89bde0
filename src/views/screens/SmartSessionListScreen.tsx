import '../../core/messages-sessions.js';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatTokenAmount } from '../../core/format.js';
import { $sessionRevocation, loadSmartSessions, revokeFromList, type SmartSession } from '../../stores/actions/smart-sessions.js';
import { $connected } from '../../stores/connection.js';
import { showToast } from '../../stores/toasts.js';
import { $walletApi } from '../../stores/wallet-api-config.js';
import { LOADING_ANNOUNCE_DELAY, Spinner } from '../parts/Spinner.js';
import { useLang, useT } from './use-t.js';
import sessionsCss from '../../../styles/sessions.css';
import { registerSheet } from '../sheets.js';

registerSheet(sessionsCss);

/** A hex or decimal quantity as a bigint; undefined when it is neither. */
const quantity = (value: string | undefined): bigint | undefined => {
  try {
    return value === undefined ? undefined : BigInt(value);
  } catch {
    return undefined;
  }
};

/** One session: the site, what it may do (and has done), until when; Revoke while it is in force. */
function SessionRow({ session, now, busy, onRevoke }: { session: SmartSession; now: number; busy: boolean; onRevoke: () => void }) {
  const t = useT();
  const lang = useLang();
  const date = (seconds: number) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000));
  const revokedAt = session.revokedAt ?? undefined;
  const expired = session.expiry * 1000 <= now;
  const status = revokedAt !== undefined ? t('sessions.revokedAt', { date: date(revokedAt) }) : expired ? t('sessions.expired', { date: date(session.expiry) }) : t('sessions.expires', { date: date(session.expiry) });
  const lines = session.permissions.map((permission) => {
    const data = permission.data;
    const allowance = quantity(data?.allowance);
    const spent = quantity(data?.spent);
    const decimals = data?.decimals ?? 0;
    const symbol = data?.symbol ?? data?.address ?? '';
    if (permission.type !== 'erc20-token-transfer' || allowance === undefined) return permission.type;
    const allows = t('sessions.allows', { amount: formatTokenAmount(allowance, decimals, lang), symbol });
    return spent ? `${allows} · ${t('sessions.spent', { amount: formatTokenAmount(spent, decimals, lang), symbol })}` : allows;
  });
  const active = revokedAt === undefined && !expired;
  return (
    <li className="session-row" data-session={session.pci} data-state={revokedAt !== undefined ? 'revoked' : expired ? 'expired' : 'active'}>
      <div className="row-main">
        <span className="row-title">{session.project.name}</span>
        {lines.map((line, index) => (
          <span className="row-sub" key={index}>{line}</span>
        ))}
        <span className="row-sub">{status}</span>
      </div>
      {active ? (
        <button type="button" className="button secondary" part="button" data-action="revoke-session" aria-label={t('sessions.revokeLabel', { site: session.project.name })} disabled={busy} onClick={onRevoke}>
          {t('sessions.revoke')}
        </button>
      ) : null}
    </li>
  );
}

/**
 * SmartSessionList (docs/specification.md#views): the permissions (ERC-7715) the active smart account granted to
 * sites, from the wallet data API, each with its site, allowance, what it spent and its expiry; Revoke asks the
 * owner to sign in the secure frame and the API relays the revocation on chain.
 */
export default function SmartSessionListScreen() {
  const t = useT();
  const connection = useStore($connected);
  const api = useStore($walletApi);
  const [sessions, setSessions] = useState<SmartSession[] | undefined>();
  const [failed, setFailed] = useState(false);
  const { revoking, error, version } = useStore($sessionRevocation);
  const [attempt, setAttempt] = useState(0);
  const account = connection ? `${connection.chainId}:${connection.address}` : undefined;

  useEffect(() => {
    const abort = new AbortController();
    setFailed(false);
    loadSmartSessions(abort.signal).then(
      (list) => !abort.signal.aborted && setSessions(list),
      () => {
        if (abort.signal.aborted) return;
        setFailed(true);
        showToast('error', t('sessions.fetchError'));
      },
    );
    return () => abort.abort();
  }, [account, api, attempt, version]);

  if (failed) {
    return (
      <div className="smart-sessions" data-view="SmartSessionList">
        <p className="status error" role="alert">{t('sessions.fetchError')}</p>
        <button type="button" className="button secondary" part="button" data-action="retry-sessions" onClick={() => setAttempt((n) => n + 1)}>
          {t('sessions.retry')}
        </button>
      </div>
    );
  }
  if (!sessions) return <Spinner label={t('view.loading')} announceAfter={LOADING_ANNOUNCE_DELAY} />;
  const now = Date.now();
  return (
    <div className="smart-sessions" data-view="SmartSessionList">
      {error ? <p className="status error" role="alert" data-sessions-error="">{error}</p> : null}
      {revoking ? <Spinner label={t('sessions.revoking')} /> : null}
      {sessions.length === 0 ? <p className="hint">{t('sessions.none')}</p> : null}
      <ul className="session-list" aria-label={t('view.SmartSessionList')}>
        {sessions.map((session) => (
          <SessionRow key={session.pci} session={session} now={now} busy={revoking !== undefined} onRevoke={() => void revokeFromList(session.pci)} />
        ))}
      </ul>
    </div>
  );
}
