import { $route, popRoute } from '../route.js';
import { cancelConnect } from './connect.js';

/** The header's back button: leaving ConnectingExternal abandons the attempt. */
export function goBack(): void {
  if ($route.get().view === 'ConnectingExternal') cancelConnect();
  popRoute();
}
