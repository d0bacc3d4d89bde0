import type { ReactNode } from 'react';
import { PathIcon } from './Icon.js';
import { ListEnd } from './ListEnd.js';
import { Spinner } from './Spinner.js';
import { TokenIcon } from './TokenIcon.js';

export type ActivityDirection = 'in' | 'out' | 'self';

export interface ActivityRow {
  id: string;
  /** What happened ("Received", "Sent", "Contract call", "Failed: Sent"). */
  title: string;
  direction: ActivityDirection;
  /** The direction in words, for screen readers (the arrow is drawn). */
  directionLabel: string;
  /** "From 0x12…cdef", "To 0x12…cdef"; the full address in `counterpartyTitle`. */
  counterparty: string | undefined;
  counterpartyTitle: string | undefined;
  /** The amounts moved, signed, with their symbols ("+1.5 LTK"); none for a call that moved nothing. */
  amounts: string[];
  time: string;
  iconUrl: string | undefined;
  /** The first transfer's token symbol, for its icon when there is no `iconUrl`. */
  symbol: string | undefined;
  failed: boolean;
  /** Sent by the widget and not confirmed yet. */
  pending?: boolean;
  explorer: { href: string; label: string } | undefined;
}

const arrows: Record<ActivityDirection, string> = { in: 'M12 5v14M6 13l6 6 6-6', out: 'M12 19V5M6 11l6-6 6 6', self: 'M4 9h14l-4-4M20 15H6l4 4' };
const LINK = 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6';

/**
 * The history, newest first: per row the token icon with the direction, what happened and with whom, the
 * amount, the time and a link to the explorer. While there is `more`, `onEnd` asks for the next page when the
 * end of the list comes into reach, again after each page while it stays there (a short first page does not stall).
 */
export function ActivityList({ rows, label, loading, loadingLabel, more, onEnd, footer }: { rows: ActivityRow[]; label: string; loading: boolean; loadingLabel: string; more: boolean; onEnd(): void; footer?: ReactNode }) {
  return (
    <>
      <ul className="list activity-list" part="activity-list" aria-label={label} aria-busy={loading}>
        {rows.map((row) => (
          <li key={row.id} className="row activity-row" data-transaction={row.id} data-direction={row.direction} data-pending={row.pending ? '' : undefined}>
            <span className="activity-icon">
              <TokenIcon symbol={row.symbol} iconUrl={row.iconUrl} />
              <span className={`direction ${row.direction}`} data-direction-icon><PathIcon d={arrows[row.direction]} /></span>
            </span>
            <span className="row-main">
              <span className="row-title">{row.title}</span>
              <span className="visually-hidden">{row.directionLabel}</span>
              {row.counterparty ? <span className="row-sub" data-counterparty title={row.counterpartyTitle}>{row.counterparty}</span> : null}
            </span>
            <span className={`row-end activity-end${row.failed ? ' failed' : ''}`}>
              {row.amounts.map((amount) => <span key={amount} className="activity-amount" data-amount>{amount}</span>)}
              <span className="row-sub" data-time>{row.time}</span>
            </span>
            {row.explorer ? (
              <a className="icon-button explorer-link" href={row.explorer.href} target="_blank" rel="noopener noreferrer" aria-label={row.explorer.label} title={row.explorer.label} data-explorer-link>
                <PathIcon d={LINK} />
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      {footer}
      <ListEnd className="sentinel" active={more && !loading && !footer} watchKey={rows.length} onEnd={onEnd}>
        {loading ? <Spinner label={loadingLabel} /> : null}
      </ListEnd>
    </>
  );
}
