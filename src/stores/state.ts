import { computed } from 'nanostores';
import type { WidgetState } from '../core/events.js';
import { $caipAddress, $chainSupported, $connection } from './connection.js';
import { $modal } from './modal.js';
import { $route } from './route.js';

/** What the element's read-only `state` property returns. */
export const $widgetState = computed(
  [$modal, $route, $connection, $caipAddress, $chainSupported],
  (modal, route, connection, caipAddress, supported): WidgetState => {
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
    };
  },
);
