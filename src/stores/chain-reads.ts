import type { ChainSource } from '../connectors/evm/transfer.js';
import type { Eip1193Provider } from '../connectors/types.js';
import type { Caip2 } from '../core/caip.js';
import { evmCaip2, namespaceOf } from '../core/caip.js';
import { networkInfo } from '../core/networks.js';
import { rpcProxyUrl } from '../services/rpc-proxy.js';
import { supportedChains } from '../services/wallet-api.js';
import { $config } from './config.js';
import { $walletApi } from './wallet-api-config.js';

/**
 * The one place that decides where reads for a chain go (balances, fee estimates, receipt waits and the
 * host's reads through `getProvider`), EVM and Solana alike:
 * 1. the host's `rpc-urls` entry for the chain;
 * 2. else, with `api-url`, the wallet data API's JSON-RPC proxy, when the API lists the chain as supported;
 * 3. else the chain's public RPC: from viem's chain definitions (EVM), from the network table (Solana clusters).
 * Undefined when none is known: the reads then go to the wallet, as its own provider can answer some of them
 * (a WalletConnect session carries only the signing methods, so it needs one of the three).
 */
export async function readRpcUrl(chainId: Caip2): Promise<string | undefined> {
  const given = $config.get().rpcUrls[chainId];
  if (given) return given;
  const api = $walletApi.get();
  if (api && (await supportedChains(api).catch((): string[] => [])).includes(chainId)) return rpcProxyUrl(api, chainId);
  if (namespaceOf(chainId) !== 'eip155') return networkInfo(chainId).rpcUrls[0];
  const { publicRpcUrl } = await import('../connectors/evm/public-rpc.js');
  return publicRpcUrl(chainId);
}

/** Where the widget's own reads for `chainId` go, with the wallet's provider as the last resort. */
export async function chainSource(chainId: Caip2, provider: Eip1193Provider): Promise<ChainSource> {
  return { rpcUrl: await readRpcUrl(chainId), provider };
}

/**
 * A host's request through `getProvider('eip155')`: reads (an explicit list) go to the RPC of the chain the
 * wallet is on now, everything else to the wallet.
 */
export async function routeHostRequest(wallet: Eip1193Provider, args: Parameters<Eip1193Provider['request']>[0]): Promise<unknown> {
  const { READ_METHODS, rpcRequest } = await import('../connectors/evm/json-rpc.js');
  if (!READ_METHODS.has(args.method)) return wallet.request(args);
  const chainId = await wallet
    .request({ method: 'eth_chainId' })
    .then((id) => evmCaip2(id as string | number))
    .catch(() => undefined);
  const url = chainId && /^eip155:[1-9]\d*$/.test(chainId) ? await readRpcUrl(chainId) : undefined;
  return url ? rpcRequest(url, args) : wallet.request(args);
}
