import '../../core/messages-solana.js';
import { useStore } from '@nanostores/react';
import { connect } from '../../stores/actions/index.js';
import { $wallets } from '../../stores/wallets.js';
import { NetworkIcon } from '../parts/NetworkIcon.js';
import { WalletList } from '../parts/WalletList.js';
import { useT } from './use-t.js';

/** Each namespace's button shows the mark of its best-known network. */
const MARK_OF: Record<string, string> = { eip155: 'eip155:1', solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' };

/** A wallet that announced itself on both namespaces, both configured: which one to connect (one button each). */
export default function NamespaceChooser({ name }: { name: string }) {
  const t = useT();
  const connectors = useStore($wallets).filter((w) => w.name === name);
  return (
    <>
      <p className="hint">{t('namespace.chooseHint', { wallet: name })}</p>
      <WalletList
        label={t('namespace.label')}
        wallets={connectors.map((w) => ({ id: w.id, name: t(`namespace.${w.namespace}`), icon: w.icon, mark: MARK_OF[w.namespace] ? <NetworkIcon network={{ id: MARK_OF[w.namespace]!, name: w.namespace }} /> : undefined }))}
        onSelect={(id) => void connect(id).catch(() => {})}
      />
    </>
  );
}
