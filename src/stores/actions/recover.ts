import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { $connected } from '../connection.js';
import { reportError } from '../errors.js';
import { $route, resetRoute } from '../route.js';
import { close } from './close.js';

/** A view failed to render (or its code to load): the host hears it as a `wallet-error`. */
export function reportRenderFailure(cause: unknown): void {
  reportError(new WidgetError('RENDER_FAILED', t('error.unknown'), { cause, details: cause instanceof Error ? cause.message : String(cause) }));
}

/**
 * The way back from a view that failed: Account when connected, else Connect. When that very view failed,
 * the modal closes as well, so the visitor is never left in front of it.
 */
export function recoverView(): void {
  const view = $connected.get() ? 'Account' : 'Connect';
  if ($route.get().view === view) close();
  resetRoute({ view });
}
