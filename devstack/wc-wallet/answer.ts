// Answering a proposal (approve with the namespaces, or reject) and a session request: the context the
// method tables get (EVM and Solana), and the outcome the peer sends back (the result, or a JSON-RPC error
// with an EIP-1193 code).
import type { WalletKit, WalletKitTypes } from '@reown/walletkit';
import type { SessionTypes } from '@walletconnect/types';
import { getSdkError } from '@walletconnect/utils';
import type { LocalAccount } from 'viem';
import { answerRequest, ProviderError, USER_REJECTED, type RequestContext, type SessionRequest } from './requests.js';
import { answerSolanaRequest, isSolanaMethod, type SolanaRequestContext, type SolanaSigner } from './solana-requests.js';
import type { ProposalOutcome, RequestOutcome } from './types.js';
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

/** Approves `proposal` with `namespaces()` (UNSUPPORTED_CHAINS when it throws), or rejects it (USER_REJECTED). */
export async function answerProposal(
  { walletKit, log }: { walletKit: InstanceType<typeof WalletKit>; log?: (line: string) => void },
  proposal: WalletKitTypes.SessionProposal,
  approve: boolean,
  namespaces: () => SessionTypes.Namespaces,
): Promise<ProposalOutcome> {
  const { id } = proposal;
  const name = proposal.params.proposer.metadata.name;
  if (!approve) {
    await walletKit.rejectSession({ id, reason: getSdkError('USER_REJECTED') });
    log?.(`proposal from ${name} rejected`);
    return { id, name, outcome: 'rejected', chains: [], reason: 'user rejected' };
  }
  let approved: SessionTypes.Namespaces;
  try {
    approved = namespaces();
  } catch (err) {
    await walletKit.rejectSession({ id, reason: getSdkError('UNSUPPORTED_CHAINS') });
    log?.(`proposal from ${name} rejected: ${errorText(err)}`);
    return { id, name, outcome: 'rejected', chains: [], reason: errorText(err) };
  }
  const session = await walletKit.approveSession({ id, namespaces: approved });
  const chains = Object.values(session.namespaces).flatMap((ns) => ns.chains ?? []);
  const accounts = [...new Set(Object.values(session.namespaces).flatMap((ns) => ns.accounts.map((a) => a.split(':')[2])))];
  log?.(`proposal from ${name} approved for ${chains.join(', ')} as ${accounts.join(' and ')}`);
  return { id, name, outcome: 'approved', chains, topic: session.topic };
}
