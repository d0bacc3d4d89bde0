// The current chain: eth_chainId, net_version, and EIP-3326 / EIP-3085 switching and adding.
import { describeAddChain, describeSwitch } from '../describe.js';
import { invalidParams, unrecognizedChain } from '../errors.js';
import { toHexChainId } from '../state.js';
import type { DevWalletChain } from '../types.js';
import type { MethodContext, MethodTable } from './context.js';
import { chainIdParam, paramObject } from './params.js';

function switchTo(ctx: MethodContext, chain: DevWalletChain) {
  if (chain.chainId === ctx.state.chainId) return null;
  return ctx.confirm('switch', describeSwitch(chain.chainId, chain.name), async () => {
    ctx.state.setChain(chain.chainId);
    return null;
  });
}

/** EIP-3085 params: a hex chainId and at least one http(s) RPC URL. */
function parseAddChain(params: unknown): DevWalletChain {
  const { chainId, chainName, rpcUrls } = paramObject(params);
  const id = chainIdParam(chainId);
  if (!Array.isArray(rpcUrls) || rpcUrls.length === 0) throw invalidParams('rpcUrls must be a non-empty array');
  const rpcUrl = rpcUrls[0];
  if (typeof rpcUrl !== 'string' || !/^https?:\/\/./i.test(rpcUrl)) throw invalidParams('rpcUrls[0] must be an http(s) URL');
  if (chainName !== undefined && typeof chainName !== 'string') throw invalidParams('chainName must be a string');
  return chainName ? { chainId: id, rpcUrl, name: chainName } : { chainId: id, rpcUrl };
}

export const chainMethods: MethodTable = {
  eth_chainId: (_params, ctx) => toHexChainId(ctx.state.chainId),
  net_version: (_params, ctx) => String(ctx.state.chainId),
  wallet_switchEthereumChain: (params, ctx) => {
    const { chainId } = paramObject(params);
    const id = chainIdParam(chainId);
    const chain = ctx.state.chain(id);
    if (!chain) throw unrecognizedChain(toHexChainId(id));
    return switchTo(ctx, chain);
  },
  wallet_addEthereumChain: (params, ctx) => {
    const chain = parseAddChain(params);
    const known = ctx.state.chain(chain.chainId);
    // Adding a chain the wallet already knows is a switch to it (as in MetaMask).
    if (known) return switchTo(ctx, known);
    return ctx.confirm('add-chain', describeAddChain(chain), async () => {
      ctx.state.addChain(chain);
      ctx.state.setChain(chain.chainId);
      return null;
    });
  },
};
