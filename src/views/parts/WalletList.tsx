import type { ReactNode } from 'react';
import { WalletIcon } from './WalletIcon.js';

export interface WalletListItem {
  id: string;
  name: string;
  icon: string | undefined;
  /** Drawn instead of the wallet's icon (the namespace chooser shows each network's mark). */
  mark?: ReactNode;
  tag?: string;
}

/** The wallets to choose from, one button each. */
export function WalletList({ wallets, label, onSelect }: { wallets: WalletListItem[]; label: string; onSelect(id: string): void }) {
  return (
    <ul className="list" part="wallet-list" aria-label={label}>
      {wallets.map((wallet) => (
        <li key={wallet.id}>
          <button type="button" className="list-button" part="wallet-button" data-wallet-id={wallet.id} onClick={() => onSelect(wallet.id)}>
            {wallet.mark ?? <WalletIcon name={wallet.name} icon={wallet.icon} />}
            <span className="list-label" title={wallet.name}>{wallet.name}</span>
            {wallet.tag ? <span className="tag">{wallet.tag}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
