import { useEffect, useRef } from 'react';
import { Spinner } from './Spinner.js';

export interface ActivityRow {
  id: string;
  title: string;
  amount: string;
  time: string;
  failed: boolean;
}

/** The history, newest first; `onEnd` fires when the end of the list scrolls into view (the next page). */
export function ActivityList({ rows, label, loading, loadingLabel, onEnd }: { rows: ActivityRow[]; label: string; loading: boolean; loadingLabel: string; onEnd?: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const callback = useRef(onEnd);
  callback.current = onEnd;
  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current?.();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <ul className="list activity-list" part="activity-list" aria-label={label} aria-busy={loading}>
        {rows.map((row) => (
          <li key={row.id} className="row" data-transaction={row.id}>
            <span className="row-main">
              <span className="row-title">{row.title}</span>
              <span className="row-sub">{row.time}</span>
            </span>
            <span className={`row-end${row.failed ? ' failed' : ''}`}>{row.amount}</span>
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="sentinel">{loading ? <Spinner label={loadingLabel} /> : null}</div>
    </>
  );
}
