import { useStore } from '@nanostores/react';
import { connect } from '../../stores/actions/index.js';
import type { Route } from '../../stores/route.js';
import { $wallets } from '../../stores/wallets.js';
import { Spinner } from '../parts/Spinner.js';
import { WalletIcon } from '../parts/WalletIcon.js';
import { useT } from './use-t.js';

/** ConnectingExternal: "Continue in <wallet>" while it decides; its refusal with a retry. */
export function ConnectingExternalScreen({ route }: { route: Extract<Route, { view: 'ConnectingExternal' }> }) {
  const t = useT();
  const wallet = useStore($wallets).find((w) => w.id === route.walletId);
  const name = wallet?.name ?? route.walletId;
  const error = route.error;
  return (
    <div className="connecting" data-state={error ? 'error' : 'pending'}>
      <div className="connecting-icon">
        <WalletIcon name={name} icon={wallet?.icon} size="large" />
        {error ? null : <Spinner />}
      </div>
      {error ? (
        <>
          <p className="status error" role="alert">{error.message}</p>
          <p className="hint">{error.code === 'CONNECTION_REJECTED' ? t('connecting.rejectedHint') : t('connecting.failedHint')}</p>
          <button type="button" className="button primary" part="button" onClick={() => void connect(route.walletId).catch(() => {})}>
            {t('action.retry')}
          </button>
        </>
      ) : (
        <>
          <p className="status" role="status">{t('connecting.continueIn', { wallet: name })}</p>
          <p className="hint">{t('connecting.acceptRequest')}</p>
        </>
      )}
    </div>
  );
}
