// The EIP-1193 provider: dispatches each request to a method handler, or forwards it to the chain's node.
import type { ApprovalQueue } from './approvals.js';
import type { Emitter } from './emitter.js';
import { chainDisconnected, invalidParams, unsupportedMethod } from './errors.js';
import { loggedRequest } from './logged-request.js';
import { accountMethods } from './methods/accounts.js';
import { chainMethods } from './methods/chains.js';
import type { MethodContext, MethodTable } from './methods/context.js';
import { signingMethods } from './methods/signing.js';
import { transactionMethods } from './methods/transaction.js';
import { forwardRpc } from './rpc.js';
import type { WalletState } from './state.js';
import type { EIP1193Provider, RequestArguments, RequestLogEntry } from './types.js';

export interface ProviderDeps {
  state: WalletState;
  approvals: ApprovalQueue;
  emitter: Emitter;
  /** Appended to when each request settles. */
  log: RequestLogEntry[];
  host: string;
  origin: string;
}

export function createProvider({ state, approvals, emitter, log, host, origin }: ProviderDeps): EIP1193Provider {
  const methods: MethodTable = { ...accountMethods(), ...chainMethods, ...signingMethods, ...transactionMethods };

  const forward = (method: string, params: unknown) => {
    // wallet_* methods are the wallet's business; a node would only answer "method not found".
    if (method.startsWith('wallet_')) throw unsupportedMethod(method);
    const chain = state.chain();
    if (!chain) throw chainDisconnected(state.chainId, 'the wallet has no RPC URL for it');
    return forwardRpc(chain.rpcUrl, chain.chainId, method, params);
  };

  async function request(args: RequestArguments): Promise<unknown> {
    if (!args || typeof args !== 'object' || typeof args.method !== 'string') {
      throw invalidParams('request() takes { method: string, params?: unknown[] | object }');
    }
    const { method, params } = args;
    return loggedRequest(approvals, log, method, params, (confirm) => {
      const ctx: MethodContext = { state, host, origin, confirm };
      const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
      return Promise.resolve(handler ? handler(params, ctx) : forward(method, params));
    });
  }

  const provider: EIP1193Provider = {
    isDevWallet: true,
    request,
    on(event, listener) {
      emitter.on(event, listener);
      return provider;
    },
    removeListener(event, listener) {
      emitter.off(event, listener);
      return provider;
    },
    addListener: (event, listener) => provider.on(event, listener),
    off: (event, listener) => provider.removeListener(event, listener),
  };
  return provider;
}
