import { evmChainId, toHexChainId } from '../../core/caip.js';
import { WidgetError } from '../../core/errors.js';
import { ProviderErrorCode, providerErrorCode, toWidgetError } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import type { NetworkInfo } from '../../core/networks.js';
import type { Caip2 } from '../../core/caip.js';

type Request = (method: string, params?: unknown[]) => Promise<unknown>;

/**
 * `wallet_switchEthereumChain`, adding the chain first (EIP-3085) when the wallet does not know it (4902),
 * and asking again when adding did not switch. `currentChain` reads the wallet's chain after adding.
 */
export async function switchEvmChain(request: Request, network: NetworkInfo, currentChain: () => Promise<Caip2>): Promise<void> {
  const chainId = evmChainId(network.id);
  if (chainId === undefined) throw new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain'), { details: network.id });
  const hex = toHexChainId(chainId);
  try {
    await request('wallet_switchEthereumChain', [{ chainId: hex }]);
  } catch (error) {
    if (providerErrorCode(error) !== ProviderErrorCode.unrecognizedChain) throw toWidgetError(error, 'switch');
    try {
      await request('wallet_addEthereumChain', [{
        chainId: hex,
        chainName: network.name,
        nativeCurrency: network.nativeCurrency,
        rpcUrls: network.rpcUrls,
        ...(network.blockExplorerUrl ? { blockExplorerUrls: [network.blockExplorerUrl] } : {}),
      }]);
      // Most wallets switch when they add; ask again for those that do not.
      if ((await currentChain()) !== network.id) await request('wallet_switchEthereumChain', [{ chainId: hex }]);
    } catch (addError) {
      throw toWidgetError(addError, 'switch');
    }
  }
}
