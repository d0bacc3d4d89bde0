import { WidgetError, errorSummary } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { reportError } from '../errors.js';
import { $route, type ChosenWallet, replaceRoute, showRoute } from '../route.js';

/**
 * Shows ConnectingWalletConnect at once and loads WalletConnect's code (its own chunk) to pair. `wallet`
 * is the directory wallet the visitor chose, or undefined for the plain QR code.
 */
export function chooseWalletConnect(wallet?: ChosenWallet): void {
  const route = { view: 'ConnectingWalletConnect', wallet } as const;
  showRoute(route);
  import('./walletconnect.js')
    .then((module) => module.connectWalletConnect(wallet))
    .catch((cause: unknown) => {
      const error = new WidgetError('CONNECT_FAILED', t('error.connectFailed'), { cause });
      if ($route.get().view === 'ConnectingWalletConnect') replaceRoute({ ...route, error: errorSummary(error) });
      reportError(error);
    });
}
