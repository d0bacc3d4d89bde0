import { computed } from 'nanostores';
import type { WalletApiConfig } from '../services/wallet-api.js';
import { $config } from './config.js';

/** Where the wallet data API is, or undefined when the host gave no `api-url` (then its features stay hidden). */
export const $walletApi = computed($config, (config): WalletApiConfig | undefined =>
  config.apiUrl ? { apiUrl: config.apiUrl, projectId: config.projectId } : undefined,
);
