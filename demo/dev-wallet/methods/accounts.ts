// Site authorization: eth_requestAccounts, eth_accounts and the EIP-2255 permission methods.
import { describeConnect } from '../describe.js';
import { invalidParams } from '../errors.js';
import type { MethodContext, MethodTable } from './context.js';
import { paramObject } from './params.js';

function permissions(ctx: MethodContext) {
  if (!ctx.state.authorized) return [];
  return [
    {
      parentCapability: 'eth_accounts',
      invoker: ctx.origin,
      caveats: [{ type: 'restrictReturnedAccounts', value: [ctx.state.address] }],
    },
  ];
}

function requireEthAccounts(params: unknown) {
  if (!('eth_accounts' in paramObject(params))) throw invalidParams('only the eth_accounts permission is supported');
}

/** One table per wallet: concurrent connect requests share one prompt instead of stacking several. */
export function accountMethods(): MethodTable {
  let connecting: Promise<`0x${string}`[]> | undefined;

  const connect = (ctx: MethodContext): Promise<`0x${string}`[]> => {
    if (ctx.state.authorized) return Promise.resolve([ctx.state.address]);
    connecting ??= ctx
      .confirm('connect', describeConnect(ctx.host), async () => {
        ctx.state.authorize();
        return [ctx.state.address];
      })
      .finally(() => (connecting = undefined));
    return connecting;
  };

  return {
    eth_accounts: (_params, ctx) => (ctx.state.authorized ? [ctx.state.address] : []),
    eth_requestAccounts: (_params, ctx) => connect(ctx),
    wallet_requestPermissions: async (params, ctx) => {
      requireEthAccounts(params);
      await connect(ctx);
      return permissions(ctx);
    },
    wallet_getPermissions: (_params, ctx) => permissions(ctx),
    wallet_revokePermissions: (params, ctx) => {
      requireEthAccounts(params);
      ctx.state.forget();
      return null;
    },
  };
}
