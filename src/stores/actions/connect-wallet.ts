import type { Connector } from '../../connectors/types.js';
import { errorSummary } from '../../core/errors.js';
import { toWidgetError } from '../../core/foreign-errors.js';
import { $connection } from '../connection.js';
import { reportError } from '../errors.js';
import { type Route, replaceRoute } from '../route.js';
import { isCurrentAttempt } from './connect-attempt.js';
import { closeAfterConnect, establishConnection } from './establish-connection.js';

/**
 * The second half of connect(), a chunk: asks `connector` for access while ConnectingExternal (`route`) shows,
 * then sets the connection up, or shows the refusal with its retry. Nothing happens once attempt `mine` is
 * abandoned (going back, choosing again, or the host's open(); closing keeps it).
 */
export async function awaitWallet(connector: Connector, route: Extract<Route, { view: 'ConnectingExternal' }>, mine: number): Promise<void> {
  try {
    if (!isCurrentAttempt(mine)) return; // abandoned while this code loaded
    const result = await connector.connect();
    if (!isCurrentAttempt(mine)) return;
    const { blocked } = establishConnection(connector, result);
    closeAfterConnect(blocked);
  } catch (cause) {
    if (!isCurrentAttempt(mine)) return;
    const error = toWidgetError(cause, 'connect');
    if ($connection.get().status === 'connecting') $connection.set({ status: 'disconnected' });
    replaceRoute({ ...route, error: errorSummary(error) });
    reportError(error);
  }
}
