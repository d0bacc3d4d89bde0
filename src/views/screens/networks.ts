import { useStore } from '@nanostores/react';
import { networkInfo } from '../../core/networks.js';
import { $config } from '../../stores/config.js';
import type { NetworkListItem } from '../parts/NetworkList.js';

/** The configured networks, named for display. */
export function useNetworks(): NetworkListItem[] {
  const config = useStore($config);
  return config.networks.map((id) => ({ id, name: networkInfo(id, config.rpcUrls[id]).name }));
}
