import { type ReactNode, useEffect, useRef, useState } from 'react';

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
          <button type="button" className="directory-wallet" part="wallet-button" data-wallet-id={item.id} onClick={() => onSelect(item.id)}>
            <DirectoryIcon key={item.image ?? ''} name={item.name} image={item.image} />
            <span className="directory-name">{item.name}</span>
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

/** The nearest scrolling ancestor: the box whose bottom edge the end of the list approaches. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

/**
 * The end of a list that loads more: while `active`, `onEnd` fires when this comes within reach of the
 * scrolled box's bottom. It watches again whenever `active` or `watchKey` changes (a page loaded), so a
 * page too short to scroll asks for the next one by itself.
 */
export function ListEnd({ active, watchKey, onEnd, children }: { active: boolean; watchKey: number; onEnd(): void; children?: ReactNode }) {
  const end = useRef<HTMLDivElement>(null);
  const callback = useRef(onEnd);
  callback.current = onEnd;
  useEffect(() => {
    const target = end.current;
    if (!active || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { root: scrollParent(target), rootMargin: '0px 0px 240px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [active, watchKey]);
  return <div ref={end} className="directory-end">{children}</div>;
}
