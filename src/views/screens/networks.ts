import { useStore } from '@nanostores/react';
import type { Caip2 } from '../../core/caip.js';
import { type NetworkInfo, networkInfo } from '../../core/networks.js';
import { $config } from '../../stores/config.js';
import type { NetworkListItem } from '../parts/NetworkList.js';

/** The configured networks, named (and with the site owner's icon, if any) for display. */
export function useNetworks(): NetworkListItem[] {
  const config = useStore($config);
  return config.networks.map((id) => {
    const { name, icon } = networkInfo(id, config.rpcUrls[id], config.networkMeta[id]);
    return icon ? { id, name, icon } : { id, name };
  });
}

/** One network's details, with the site owner's `network-meta` over the built-in ones. */
export function useNetworkInfo(id: Caip2 | undefined): NetworkInfo | undefined {
  const config = useStore($config);
  return id ? networkInfo(id, config.rpcUrls[id], config.networkMeta[id]) : undefined;
}
