import '../../core/messages-wallet-views.js';
import { useStore } from '@nanostores/react';
import type { Caip2, Namespace } from '../../core/caip.js';
import { switchNetwork } from '../../stores/actions/index.js';
import { $connected, $connections } from '../../stores/connection.js';
import { pushRoute, type Route } from '../../stores/route.js';
import { NetworkList } from '../parts/NetworkList.js';
import { PendingSwitch } from './PendingSwitch.js';
import { useNetworks } from './networks.js';
import { useT } from './use-t.js';

type SwitchRoute = Extract<Route, { view: 'SwitchNetwork' | 'UnsupportedChain' }>;

/** SwitchNetwork: the configured networks; while the wallet decides, "Approve in your wallet". */
export default function SwitchNetworkScreen({ route }: { route: SwitchRoute }) {
  const t = useT();
  const connection = useStore($connected);
  const connections = useStore($connections);
  const networks = useNetworks();
  return (
    <div className="switch-network">
      {route.pending ? <PendingSwitch name={networks.find((n) => n.id === route.pending)?.name ?? route.pending} /> : null}
      {route.error ? <p className="status error" role="alert">{route.error.message}</p> : null}
      <NetworkList
        networks={networks}
        current={connection?.chainId}
        pending={route.pending}
        labels={{ list: t('switch.networksLabel'), current: t('switch.current') }}
        // A network of a namespace with no connection yet asks to connect one first (SwitchActiveChain).
        onSelect={(id) => (connections[id.split(':')[0] as Namespace] ? void switchNetwork(id as Caip2).catch(() => {}) : pushRoute({ view: 'SwitchActiveChain', chainId: id as Caip2 }))}
      />
    </div>
  );
}
