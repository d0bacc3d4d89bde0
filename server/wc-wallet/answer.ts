// Answering a session request: the context the method tables get (EVM and Solana), and the outcome the
// peer sends back (the result, or a JSON-RPC error with an EIP-1193 code).
import type { LocalAccount } from 'viem';
import { answerRequest, ProviderError, USER_REJECTED, type RequestContext, type SessionRequest } from './requests.js';
import { answerSolanaRequest, isSolanaMethod, type SolanaRequestContext, type SolanaSigner } from './solana-requests.js';
import type { RequestOutcome } from './types.js';
import { errorText } from './util.js';

export type PeerRequestContext = RequestContext & SolanaRequestContext;

export function createRequestContext(deps: {
  account(): LocalAccount;
  solana: SolanaSigner;
  solanaRpcUrls: Map<string, string>;
  rpcUrls: Map<number, string>;
  log?: (line: string) => void;
  switchChain: RequestContext['switchChain'];
}): PeerRequestContext {
  return {
    get account() {
      return deps.account();
    },
    solana: deps.solana,
    solanaRpcUrl: (chain) => deps.solanaRpcUrls.get(chain),
    rpcUrl: (chainId) => deps.rpcUrls.get(chainId),
    switchChain: deps.switchChain,
    addChain: (chainId, rpcUrl) => {
      deps.rpcUrls.set(chainId, rpcUrl);
      deps.log?.(`added chain ${chainId} (${rpcUrl})`);
    },
  };
}

/** What to answer request `id`: a rejection (4001), the method's result, or its failure. */
export async function requestOutcome(context: PeerRequestContext, id: number, request: SessionRequest, approve: boolean): Promise<RequestOutcome> {
  const base = { id, method: request.method, chainId: request.chainId };
  if (!approve) return { ...base, outcome: 'rejected', error: { ...USER_REJECTED } };
  try {
    const result = await (isSolanaMethod(request.method) ? answerSolanaRequest(context, request) : answerRequest(context, request));
    return { ...base, outcome: 'answered', result };
  } catch (err) {
    const error = err instanceof ProviderError ? { code: err.code, message: err.message } : { code: -32603, message: errorText(err) };
    return { ...base, outcome: 'failed', error };
  }
}
