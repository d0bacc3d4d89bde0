/**
 * A quote that follows its inputs: asked at once when they change, then again every `intervalMs` (10 s,
 * docs/wire-formats.md#constants). Only the answer to the latest request is kept: an older one that arrives late
 * is dropped (and its request aborted), so a slow answer never overwrites a newer one. No DOM, no network of
 * its own: `fetchQuote` does the asking. Timers are the global `setTimeout`, so a test can swap in a clock.
 */
export type QuoteState<I, Q> =
  | { status: 'idle' }
  /** `previous`: the last quote for the same inputs, still shown while it is asked again. */
  | { status: 'loading'; input: I; previous: Q | undefined }
  | { status: 'ready'; input: I; quote: Q; at: number }
  | { status: 'error'; input: I; error: unknown };

export interface QuoteRefresher<I> {
  /** New inputs (undefined: nothing to quote); asks at once and restarts the 10 s clock. */
  set(input: I | undefined): void;
  /** Asks again now for the same inputs. */
  refresh(): void;
  /** Stops asking; a request still out is aborted and its answer dropped; the last quote is forgotten. */
  stop(): void;
}

export function createQuoteRefresher<I, Q>(
  fetchQuote: (input: I, signal: AbortSignal) => Promise<Q>,
  onChange: (state: QuoteState<I, Q>) => void,
  { intervalMs, sameInput = (a: I, b: I) => JSON.stringify(a) === JSON.stringify(b) }: { intervalMs: number; sameInput?: (a: I, b: I) => boolean },
): QuoteRefresher<I> {
  let input: I | undefined;
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let last: { input: I; quote: Q } | undefined;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
  };

  const ask = () => {
    cancel();
    if (input === undefined) return;
    const asked = input;
    const mine = ++seq;
    const abort = new AbortController();
    controller = abort;
    const previous = last && sameInput(last.input, asked) ? last.quote : undefined;
    onChange({ status: 'loading', input: asked, previous });
    const next = () => { if (mine === seq) timer = setTimeout(ask, intervalMs); };
    fetchQuote(asked, abort.signal).then(
      (quote) => {
        if (mine !== seq) return;
        last = { input: asked, quote };
        onChange({ status: 'ready', input: asked, quote, at: Date.now() });
        next();
      },
      (error: unknown) => {
        if (mine !== seq) return;
        onChange({ status: 'error', input: asked, error });
        next();
      },
    );
  };

  return {
    set(next) {
      seq++;
      input = next;
      if (next === undefined) {
        cancel();
        onChange({ status: 'idle' });
        return;
      }
      ask();
    },
    refresh: ask,
    stop() {
      seq++;
      input = undefined;
      // A quote kept past a stop would show as current when the same inputs come back (the modal reopened).
      last = undefined;
      cancel();
    },
  };
}
