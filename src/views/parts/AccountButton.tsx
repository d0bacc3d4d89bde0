import type { CSSProperties } from 'react';
import type { ConnectionStatus } from '../../core/events.js';

export interface AccountButtonProps {
  status: ConnectionStatus;
  /** "Connect Wallet", "Connecting…", "Reconnecting…", or the account's name or short address. */
  label: string;
  /** Connected: whether `label` is the account's name (else it is the short address). */
  named?: boolean;
  /** Connected: the full address (the button's tooltip). */
  address?: string;
  /** Connected: the identity's avatar URL, when the wallet data API gave one. */
  avatar?: string;
  /** Connected: the hues of the generated avatar, shown when there is no `avatar`. */
  hues?: [number, number];
  /** Connected: the native balance with its symbol, when already known. */
  balance?: string;
  balanceLabel: string;
  theme: string;
  /** The button's language and direction. */
  lang?: string;
  dir?: 'ltr' | 'rtl';
  onClick: () => void;
}

/**
 * The host page's account button: "Connect Wallet" when disconnected; a busy state while connecting or
 * reconnecting; the avatar, name or short address and balance when connected. One button, whose text is its
 * accessible name; it opens a dialog (the modal).
 */
export function AccountButton(props: AccountButtonProps) {
  const { status } = props;
  const busy = status === 'connecting' || status === 'reconnecting';
  const connected = status === 'connected';
  return (
    <button
      type="button"
      part="button"
      className="account-button"
      data-status={status}
      data-theme={props.theme}
      lang={props.lang}
      dir={props.dir}
      aria-haspopup="dialog"
      aria-busy={busy || undefined}
      aria-disabled={status === 'reconnecting' || undefined}
      title={props.address}
      onClick={props.onClick}
    >
      {busy ? <span className="busy" aria-hidden="true" /> : null}
      {connected ? (
        props.avatar ? (
          <img className="avatar" part="avatar" src={props.avatar} alt="" />
        ) : (
          <span
            className="avatar generated"
            part="avatar"
            aria-hidden="true"
            style={props.hues ? { '--_hue-a': props.hues[0], '--_hue-b': props.hues[1] } as CSSProperties : undefined}
          />
        )
      ) : null}
      <span className="label" part={connected ? (props.named ? 'profile-name' : 'address') : undefined} dir={connected && !props.named ? 'ltr' : undefined}>{props.label}</span>
      {connected && props.balance ? (
        <span className="balance" part="balance">
          <span className="visually-hidden">{`, ${props.balanceLabel}: `}</span>
          <bdi>{props.balance}</bdi>
        </span>
      ) : null}
    </button>
  );
}
