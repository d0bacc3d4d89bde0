import { $route, popRoute } from '../route.js';
import { cancelConnect } from './connect-attempt.js';

/** The header's back button: leaving ConnectingExternal or ConnectingWalletConnect abandons the attempt. */
export function goBack(): void {
  const { view } = $route.get();
  if (view === 'ConnectingExternal' || view === 'ConnectingWalletConnect') cancelConnect();
  popRoute();
}
