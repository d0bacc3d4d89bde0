import { ANALYTICS_ERRORS_PER_MINUTE } from '../core/constants.js';
import { SDK_TYPE, SDK_VERSION } from './service-url.js';

/**
 * Analytics (opt-in, `analytics-url`): the widget's own DOM events, and its error reports, posted to the SITE's
 * endpoint, never anywhere else. Nothing is sent without the attribute. A chunk of its own, loaded with the first
 * event after the attribute is set.
 *
 * `POST {analytics-url}`, `Content-Type: application/json`:
 * `{ sdkType, sdkVersion, origin, records: [Record…] }`, where a record is
 * `{ type: 'event', event: 'wallet-connect', detail, timestamp }` for each DOM event but `wallet-error` (its `detail`
 * as the host got it), and `{ type: 'error', code, message, timestamp, dropped? }` for a `wallet-error` (the error
 * report): at most 5 a minute, the rest dropped and counted in the next report's `dropped`. Records go in batches: one POST a second at most, 50
 * records at most each, 200 waiting at most (the oldest dropped first); the page being hidden sends what waits.
 */
export interface AnalyticsRecord {
  type: 'event' | 'error';
  timestamp: number;
  [key: string]: unknown;
}

const BATCH_MS = 1_000;
const BATCH_MAX = 50;
const QUEUE_MAX = 200;
const MINUTE_MS = 60_000;

let queue: AnalyticsRecord[] = [];
let target: string | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let errorTimes: number[] = [];
let droppedErrors = 0;
let hiddenHook = false;

function send(url: string, records: AnalyticsRecord[]): void {
  const body = JSON.stringify({ sdkType: SDK_TYPE, sdkVersion: SDK_VERSION, origin: location.origin, records });
  // keepalive: a batch sent as the page goes away still arrives. A failure loses the batch, never the widget.
  void fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true, credentials: 'omit' }).catch(() => {});
}

/** Sends what waits now (the batch timer, the page being hidden). */
export function flushAnalytics(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!target) return;
  while (queue.length) send(target, queue.splice(0, BATCH_MAX));
}

function schedule(): void {
  if (!hiddenHook) {
    hiddenHook = true;
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flushAnalytics(); });
  }
  timer ??= setTimeout(flushAnalytics, BATCH_MS);
}

function enqueue(record: AnalyticsRecord): void {
  queue.push(record);
  if (queue.length > QUEUE_MAX) queue = queue.slice(-QUEUE_MAX);
  schedule();
}

/** One DOM event of the widget, to `url`; a `wallet-error` goes as an error report instead (5 a minute). */
export function trackEvent(url: string, event: string, detail: unknown): void {
  if (target !== url) {
    // Another endpoint: what waited for the last one goes there first.
    flushAnalytics();
    target = url;
  }
  const now = Date.now();
  if (event !== 'wallet-error') return enqueue({ type: 'event', event, detail, timestamp: now });
  errorTimes = errorTimes.filter((at) => now - at < MINUTE_MS);
  if (errorTimes.length >= ANALYTICS_ERRORS_PER_MINUTE) {
    droppedErrors += 1;
    return;
  }
  errorTimes.push(now);
  const { code, message } = (detail ?? {}) as { code?: unknown; message?: unknown };
  enqueue({ type: 'error', code, message, timestamp: now, ...(droppedErrors ? { dropped: droppedErrors } : {}) });
  droppedErrors = 0;
}

/** For tests: nothing waiting, no limits used. */
export function resetAnalytics(): void {
  clearTimeout(timer);
  timer = undefined;
  queue = [];
  target = undefined;
  errorTimes = [];
  droppedErrors = 0;
}
