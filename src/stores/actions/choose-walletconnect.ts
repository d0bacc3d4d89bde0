import { WidgetError, errorSummary } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { $config } from '../config.js';
import { $onMobile } from '../device.js';
import { reportError } from '../errors.js';
import { $route, type ChosenWallet, replaceRoute, showRoute } from '../route.js';

/**
 * Shows ConnectingWalletConnect at once and loads WalletConnect's code (its own chunk) to pair. `wallet`
 * is the directory wallet the visitor chose, or undefined for the plain pairing URI. On a phone a plain
 * URI would be a QR code of the phone's own screen: with a directory, the visitor picks a wallet there
 * instead (its link opens the app); without one, ConnectingWalletConnect offers the link to copy.
 */
export function chooseWalletConnect(wallet?: ChosenWallet): void {
  if (!wallet && $onMobile.get() && $config.get().directoryUrl) return showRoute({ view: 'AllWallets' });
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
