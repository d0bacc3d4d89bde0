// EIP-6963 (https://eips.ethereum.org/EIPS/eip-6963): announce at install and on every requestProvider.
import type { EIP1193Provider, EIP6963ProviderDetail, EIP6963ProviderInfo } from './types.js';

/** Starts announcing; the returned function stops answering requestProvider events. */
export function announceProvider(info: EIP6963ProviderInfo, provider: EIP1193Provider): () => void {
  const detail: EIP6963ProviderDetail = Object.freeze({ info, provider });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  const controller = new AbortController();
  window.addEventListener('eip6963:requestProvider', announce, { signal: controller.signal });
  announce();
  return () => controller.abort();
}
