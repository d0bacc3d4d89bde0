import { expect } from '@esm-bundle/chai';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { type Root, createRoot } from 'react-dom/client';
import { type ActivityRow, ActivityList } from '../../src/views/parts/ActivityList.js';
import { waitFor } from './support/element.js';

/** Two animation frames: an IntersectionObserver reports a new target's state at the next rendering step. */
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
const row = (n: number): ActivityRow => ({
  id: `tx${n}`, title: `Transaction ${n}`, direction: 'in', directionLabel: 'incoming', counterparty: undefined, counterpartyTitle: undefined,
  amounts: ['+1 LTK'], time: '10:00', iconUrl: undefined, symbol: 'LTK', failed: false, explorer: undefined,
});

/** A history of `pages` pages of `size` rows, served one page per `onEnd` as the Activity tab does. */
function PagedHistory({ pages, size, calls }: { pages: number; size: number; calls: { count: number } }) {
  const [loaded, setLoaded] = useState(1);
  const [loading, setLoading] = useState(false);
  const rows = Array.from({ length: loaded * size }, (_, i) => row(i + 1));
  const more = loaded < pages;
  const onEnd = () => {
    if (loading || !more) return;
    calls.count++;
    setLoading(true);
    // The next page answers a moment later, as a request would.
    setTimeout(() => {
      setLoaded((n) => n + 1);
      setLoading(false);
    }, 5);
  };
  return <ActivityList rows={rows} label="Activity" loading={loading} loadingLabel="Loading activity" more={more} onEnd={onEnd} />;
}

describe('parts: the end of a paged list (ActivityList)', () => {
  let host: HTMLElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  const rowCount = () => host.querySelectorAll('[data-transaction]').length;

  it('keeps loading while a short first page leaves the end in view, without any scrolling, and stops at the end', async () => {
    const calls = { count: 0 };
    flushSync(() => root.render(<PagedHistory pages={4} size={2} calls={calls} />));
    expect(rowCount()).to.equal(2);
    await waitFor(() => rowCount() === 8, 'all 4 pages of 2 rows');
    // Nothing more to load: no further calls, however long the end stays in view.
    await frames();
    expect(calls.count).to.equal(3);
    expect(host.querySelector('[part="activity-list"]')!.getAttribute('aria-busy')).to.equal('false');
  });

  it('in a scrolled box, loads until the list overflows, then the next page only as the end scrolls into reach', async () => {
    host.style.cssText = 'height: 200px; overflow-y: auto;';
    const calls = { count: 0 };
    flushSync(() => root.render(<PagedHistory pages={100} size={2} calls={calls} />));
    await waitFor(() => host.scrollHeight > host.clientHeight + 240, 'the list to overflow the box past the reach margin');
    await waitFor(() => host.querySelector('.spinner') === null, 'the last page in');
    const settled = rowCount();
    await frames();
    expect(host.querySelector('.spinner'), 'no further page while the end is out of reach').to.equal(null);
    expect(rowCount()).to.equal(settled);
    expect(settled).to.be.below(200);
    host.scrollTop = host.scrollHeight;
    await waitFor(() => rowCount() > settled, 'the next page after scrolling to the end');
  });
});
