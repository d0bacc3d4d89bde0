import { ListEnd } from './ListEnd.js';
import { Spinner } from './Spinner.js';

export interface ActivityRow {
  id: string;
  title: string;
  amount: string;
  time: string;
  failed: boolean;
  /** Sent by the widget and not confirmed yet. */
  pending?: boolean;
}

/**
 * The history, newest first. While there is `more`, `onEnd` asks for the next page when the end of the list
 * comes into reach, again after each page while it stays there (a short first page does not stall).
 */
export function ActivityList({ rows, label, loading, loadingLabel, more, onEnd }: { rows: ActivityRow[]; label: string; loading: boolean; loadingLabel: string; more: boolean; onEnd(): void }) {
  return (
    <>
      <ul className="list activity-list" part="activity-list" aria-label={label} aria-busy={loading}>
        {rows.map((row) => (
          <li key={row.id} className="row" data-transaction={row.id} data-pending={row.pending ? '' : undefined}>
            <span className="row-main">
              <span className="row-title">{row.title}</span>
              <span className="row-sub">{row.time}</span>
            </span>
            <span className={`row-end${row.failed ? ' failed' : ''}`}>{row.amount}</span>
          </li>
        ))}
      </ul>
      <ListEnd className="sentinel" active={more && !loading} watchKey={rows.length} onEnd={onEnd}>
        {loading ? <Spinner label={loadingLabel} /> : null}
      </ListEnd>
    </>
  );
}
