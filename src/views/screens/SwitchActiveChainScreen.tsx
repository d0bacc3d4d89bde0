import '../../core/messages-solana.js';
import { parseCaip2 } from '../../core/caip.js';
import { pushRoute, type Route } from '../../stores/route.js';
import { useNetworkInfo } from './networks.js';
import { useT } from './use-t.js';

/** docs/specification.md#views SwitchActiveChain: a network of a namespace with no connection yet: "Switch to Solana?", then Connect filtered to it. */
export default function SwitchActiveChainScreen({ route }: { route: Extract<Route, { view: 'SwitchActiveChain' }> }) {
  const t = useT();
  const network = useNetworkInfo(route.chainId);
  const ns = parseCaip2(route.chainId)?.namespace === 'solana' ? 'solana' : 'eip155';
  const namespace = t(`namespace.${ns}`);
  return (
    <div className="connecting">
      <p className="status" role="status">{t('switchActive.question', { namespace })}</p>
      <p className="hint">{t('switchActive.hint', { network: network?.name ?? route.chainId, namespace })}</p>
      <button type="button" className="button primary" part="button" onClick={() => pushRoute({ view: 'Connect', namespace: ns })}>
        {t('switchActive.connect', { namespace })}
      </button>
    </div>
  );
}
