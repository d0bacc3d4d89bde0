import { computed } from 'nanostores';
import { caip10 } from '../core/caip.js';
import type { Namespace } from '../core/caip.js';
import type { ConnectionState, LoginUser, WidgetState } from '../core/events.js';
import type { AuthUser } from '../connectors/auth/connector.js';
import { $accountType, type AccountTypeState } from './account-type.js';
import { $authUser } from './auth.js';
import { $config } from './config.js';
import { $caipAddress, $chainSupported, $connection, $connections } from './connection.js';
import { $modal } from './modal.js';
import { $route } from './route.js';
import { $siwxSession } from './siwx-session.js';

const NAMESPACES = ['eip155', 'solana'] as const;

/** The login's own accounts (the EOA of each namespace), with the smart account the service reports beside its EVM one. */
function loginUser(user: AuthUser, accountType: AccountTypeState | null): LoginUser {
  const smart = accountType?.smartAccount;
  return {
    email: user.email,
    accounts: user.accounts.flatMap(({ namespace, address }) => [
      { namespace: namespace as Namespace, address, type: 'eoa' as const },
      ...(namespace === 'eip155' && smart ? [{ namespace: 'eip155' as const, address: smart.address, type: 'smartAccount' as const }] : []),
    ]),
  };
}

/** What the element's read-only `state` property returns. */
export const $widgetState = computed(
  [$modal, $route, $connection, $caipAddress, $chainSupported, $connections, $config, $siwxSession, $accountType, $authUser],
  (modal, route, connection, caipAddress, supported, connections, config, session, accountType, user): WidgetState => {
    const connected = connection.status === 'connected' ? connection : undefined;
    return {
      open: modal.open,
      view: route.view,
      status: connection.status,
      namespace: connected?.namespace,
      address: connected?.address,
      caipAddress,
      chainId: connected?.chainId,
      supported,
      connector: connected?.connector,
      // One entry per connected namespace, the same fields as the active connection's.
      connections: NAMESPACES.flatMap((ns) => connections[ns] ?? []).map(
        (c): ConnectionState => ({ status: c.status, namespace: c.namespace, address: c.address, caipAddress: caip10(c.chainId, c.address), chainId: c.chainId, supported: config.networks.includes(c.chainId), connector: c.connector }),
      ),
      session,
      // An email or social login's EVM account type: the visitor's choice, and whether the smart account
      // on the EVM network in use is deployed. No embedded wallet: undefined and false.
      preferredAccountType: accountType?.preferred,
      smartAccountDeployed: accountType?.smartAccount?.deployed === true,
      user: user ? loginUser(user, accountType) : undefined,
      socialProvider: user?.socialProvider,
    };
  },
);
