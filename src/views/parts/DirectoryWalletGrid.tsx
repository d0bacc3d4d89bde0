import { useState } from 'react';

export interface DirectoryGridItem {
  id: string;
  name: string;
  /** The directory's image URL; its initial shows instead when there is none or it fails to load. */
  image: string | undefined;
  tag?: string | undefined;
}

/** A directory image, lazily loaded; the wallet's initial when there is none or it does not load (CSP, network). */
function DirectoryIcon({ name, image }: { name: string; image: string | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!image || failed) {
    return <span className="wallet-icon directory-icon initial" aria-hidden="true">{(Array.from(name)[0] ?? '?').toUpperCase()}</span>;
  }
  return (
    <img
      className="wallet-icon directory-icon"
      src={image}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      draggable={false}
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

/** The directory's wallets as a grid of buttons: image, name and an optional tag ("Recent", "Installed"). */
export function DirectoryWalletGrid({ items, label, busy, onSelect }: { items: DirectoryGridItem[]; label: string; busy: boolean; onSelect(id: string): void }) {
  return (
    <ul className="directory-grid" part="directory-list" aria-label={label} aria-busy={busy}>
      {items.map((item) => (
        <li key={item.id}>
          <button type="button" className="directory-wallet" part="wallet-button" data-wallet-id={item.id} title={item.name} onClick={() => onSelect(item.id)}>
            <DirectoryIcon key={item.image ?? ''} name={item.name} image={item.image} />
            <span className={/\s/.test(item.name.trim()) ? 'directory-name' : 'directory-name one-word'}>{item.name}</span>
            {item.tag ? (
              <>
                {' '}
                <span className="directory-tag">{item.tag}</span>
              </>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
