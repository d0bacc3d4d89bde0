import '../../core/messages-wallet-views.js';
import { useT } from './use-t.js';

/** The "approve in your wallet" state of a network switch. */
export function PendingSwitch({ name }: { name: string }) {
  const t = useT();
  return (
    <div className="pending" role="status">
      <p className="status">{t('switch.approveInWallet')}</p>
      <p className="hint">{t('switch.approveHint', { network: name })}</p>
    </div>
  );
}
