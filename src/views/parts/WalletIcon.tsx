/** A wallet's icon from its announcement (a data: URI), or its initial when it gave none. */
export function WalletIcon({ name, icon, size = 'medium' }: { name: string; icon: string | undefined; size?: 'medium' | 'large' }) {
  return icon ? (
    <img className={`wallet-icon ${size}`} src={icon} alt="" draggable={false} />
  ) : (
    <span className={`wallet-icon ${size} initial`} aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>
  );
}
