import '../../core/messages-wallet-views.js';
import { useStore } from '@nanostores/react';
import { disconnect } from '../../stores/actions/index.js';
import { $connected } from '../../stores/connection.js';
import type { Route } from '../../stores/route.js';
import { Icon } from '../parts/Icon.js';
import SwitchNetworkScreen from './SwitchNetworkScreen.js';
import { useNetworkInfo } from './networks.js';
import { useT } from './use-t.js';

/** UnsupportedChain: the wallet is on a network outside `networks`; switch or disconnect (docs/specification.md#states). */
export default function UnsupportedChainScreen({ route }: { route: Extract<Route, { view: 'UnsupportedChain' }> }) {
  const t = useT();
  const connection = useStore($connected);
  const network = useNetworkInfo(connection?.chainId);
  return (
    <div className="unsupported">
      <p className="notice" role="alert">
        <Icon name="warning" />
        <span>{t('unsupported.body')}</span>
      </p>
      {connection ? <p className="hint">{t('unsupported.current', { network: network?.name ?? connection.chainId })}</p> : null}
      <SwitchNetworkScreen route={route} />
      <button type="button" className="button secondary" part="button" data-action="disconnect" onClick={() => void disconnect(connection?.namespace)}>
        {t('action.disconnect')}
      </button>
    </div>
  );
}
