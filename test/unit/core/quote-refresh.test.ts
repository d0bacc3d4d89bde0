import { expect } from '@esm-bundle/chai';
import { type QuoteState, createQuoteRefresher } from '../../../src/core/quote-refresh.js';
import { installClock } from '../support/clock.js';

/** A quote source whose answers the test releases one by one, in any order. */
function scriptedSource() {
  const asked: { input: string; signal: AbortSignal; answer(q: number): void; fail(e: unknown): void }[] = [];
  const fetchQuote = (input: string, signal: AbortSignal) =>
    new Promise<number>((resolve, reject) => { asked.push({ input, signal, answer: resolve, fail: reject }); });
  return { asked, fetchQuote };
}
const flush = () => new Promise<void>((resolve) => queueMicrotask(() => queueMicrotask(resolve)));

describe('core/quote-refresh', () => {
  let clock: ReturnType<typeof installClock>;
  beforeEach(() => { clock = installClock(); });
  afterEach(() => clock.restore());

  it('asks at once for new inputs, then again every 10 s after each answer', async () => {
    const { asked, fetchQuote } = scriptedSource();
    const states: QuoteState<string, number>[] = [];
    const refresher = createQuoteRefresher(fetchQuote, (s) => states.push(s), { intervalMs: 10_000 });
    refresher.set('1 ETH');
    expect(asked.map((a) => a.input)).to.deep.equal(['1 ETH']);
    asked[0]!.answer(42);
    await flush();
    expect(states.at(-1)).to.deep.include({ status: 'ready', quote: 42 });
    clock.tick(9_999);
    expect(asked).to.have.length(1);
    clock.tick(1);
    expect(asked).to.have.length(2);
    // While it is asked again, the previous quote for the same inputs stays shown.
    expect(states.at(-1)).to.deep.equal({ status: 'loading', input: '1 ETH', previous: 42 });
    refresher.stop();
  });

  it('drops a late answer to older inputs: the newer one wins whatever the order they arrive in', async () => {
    const { asked, fetchQuote } = scriptedSource();
    const states: QuoteState<string, number>[] = [];
    const refresher = createQuoteRefresher(fetchQuote, (s) => states.push(s), { intervalMs: 10_000 });
    refresher.set('1 ETH');
    refresher.set('2 ETH');
    expect(asked[0]!.signal.aborted).to.equal(true);
    asked[1]!.answer(84);
    await flush();
    asked[0]!.answer(42);
    await flush();
    const ready = states.filter((s) => s.status === 'ready');
    expect(ready).to.have.length(1);
    expect(ready[0]).to.deep.include({ input: '2 ETH', quote: 84 });
    expect(states.at(-1)).to.deep.include({ status: 'ready', quote: 84 });
    refresher.stop();
  });

  it('a failure is a state of its own (never a stuck loading), and the 10 s refresh goes on', async () => {
    const { asked, fetchQuote } = scriptedSource();
    const states: QuoteState<string, number>[] = [];
    const refresher = createQuoteRefresher(fetchQuote, (s) => states.push(s), { intervalMs: 10_000 });
    refresher.set('1 ETH');
    asked[0]!.fail(new Error('down'));
    await flush();
    expect(states.at(-1)).to.deep.include({ status: 'error', input: '1 ETH' });
    clock.tick(10_000);
    asked[1]!.answer(7);
    await flush();
    expect(states.at(-1)).to.deep.include({ status: 'ready', quote: 7 });
    refresher.stop();
  });

  it('stop ends the clock and drops the answer still out; no inputs is idle', async () => {
    const { asked, fetchQuote } = scriptedSource();
    const states: QuoteState<string, number>[] = [];
    const refresher = createQuoteRefresher(fetchQuote, (s) => states.push(s), { intervalMs: 10_000 });
    refresher.set('1 ETH');
    refresher.stop();
    asked[0]!.answer(1);
    await flush();
    clock.tick(60_000);
    expect(asked).to.have.length(1);
    expect(states.map((s) => s.status)).to.deep.equal(['loading']);
    refresher.set(undefined);
    expect(states.at(-1)).to.deep.equal({ status: 'idle' });
  });

  it('after a stop, the same inputs start without the old quote (it is not shown as current)', async () => {
    const { asked, fetchQuote } = scriptedSource();
    const states: QuoteState<string, number>[] = [];
    const refresher = createQuoteRefresher(fetchQuote, (s) => states.push(s), { intervalMs: 10_000 });
    refresher.set('1 ETH');
    asked[0]!.answer(42);
    await flush();
    refresher.stop();
    refresher.set('1 ETH');
    expect(states.at(-1)).to.deep.equal({ status: 'loading', input: '1 ETH', previous: undefined });
    refresher.stop();
  });
});
