import type { Route } from '../../stores/route.js';
import ApproveTransactionScreen from './ApproveTransactionScreen.js';
import EmailLoginScreen from './EmailLoginScreen.js';

/** Email login's views, one chunk (one lazy import in the entry file): EmailLogin and ApproveTransaction. */
export default function AuthScreen({ route }: { route: Extract<Route, { view: 'EmailLogin' | 'ApproveTransaction' }> }) {
  return route.view === 'EmailLogin' ? <EmailLoginScreen route={route} /> : <ApproveTransactionScreen />;
}
