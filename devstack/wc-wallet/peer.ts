/**
 * A real WalletConnect wallet for tests and for people trying the demo: WalletKit 1.6 on its own
 * @walletconnect/core, signing with a viem local account (anvil's account #0 by default) and sending on the
 * chains' local RPCs; with `solana` chains it also approves the solana namespace and signs with an ed25519 dev
 * keypair (solana-requests.ts). It pairs with a `wc:` URI, approves or rejects proposals and requests by mode
 * ('approve', 'reject', or 'manual' where the caller decides each one), and emits the wallet-side events a
 * dapp must follow (chainChanged, accountsChanged, disconnect).
 *
 * Offline by construction: telemetry off, Verify's lookups and the Pulse event fail at once through the
 * fetch guard (fetch-guard.ts), and the relay is whatever `relayUrl` says. Each peer has its own Core
 * (its own storage prefix), so several peers and a Node dapp can share one process.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { WalletKitTypes } from '@reown/walletkit';
import { getSdkError } from '@walletconnect/utils';
import type { LocalAccount } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { guardFetch, type BlockedRequest } from './fetch-guard.js';
import { closeWalletKit, initWalletKit } from './kit.js';
import { createSessionOps } from './session-ops.js';
import { brief, errorText, poll, Waiting } from './util.js';
import { approvedNamespaces, requestedChains } from './namespaces.js';
import { answerProposal, createRequestContext, requestOutcome } from './answer.js';
import { solanaSigner } from './solana-requests.js';
import { answerAuthenticate } from './authenticate.js';
import {
  ANVIL_KEY_0,
  ANVIL_MNEMONIC,
  type PeerProposal,
  type PeerRequest,
  type WalletPeer,
  type WalletPeerEvents,
  type WalletPeerOptions,
} from './types.js';


export async function startWalletPeer({
  relayUrl,
  privateKey = ANVIL_KEY_0,
  chains: initialChains,
  storageDir,
  mode: initialMode = 'approve',
  log,
  name = 'WCM Test Wallet',
  storagePrefix = storageDir ? 'wcm-wallet-peer' : `wcm-wallet-peer-${randomUUID().slice(0, 8)}`,
  projectId = 'wcm-local',
  sdkLogLevel = 'silent',
  solana,
  auth = 'approve',
}: WalletPeerOptions): Promise<WalletPeer> {
  const solanaRpcUrls = new Map<string, string>((solana?.chains ?? []).map((chain) => [chain.chainId, chain.rpcUrl]));
  const solanaAccount = solanaSigner(solana?.account ?? 0);
  const rpcUrls = new Map(initialChains.map((chain) => [chain.chainId, chain.rpcUrl]));
  if (rpcUrls.size === 0) throw new Error('startWalletPeer: at least one chain is needed');
  let account: LocalAccount = privateKeyToAccount(privateKey);
  let mode = initialMode;
  const events = new EventEmitter();
  const emit = <E extends keyof WalletPeerEvents>(event: E, payload: WalletPeerEvents[E]) => events.emit(event, payload);
  const blocked: BlockedRequest[] = [];
  const releaseGuard = guardFetch((entry) => {
    blocked.push(entry);
    log?.(`offline guard blocked ${entry.method} ${entry.url}`);
  });

  let kit: Awaited<ReturnType<typeof initWalletKit>>;
  try {
    kit = await initWalletKit({ relayUrl, projectId, storagePrefix, sdkLogLevel, storageDir, name });
  } catch (err) {
    releaseGuard();
    throw err;
  }
  const { core, walletKit } = kit;

  const proposals = new Map<number, WalletKitTypes.SessionProposal>();
  const requests = new Map<number, PeerRequest>();
  const seenRequests = new Set<number>();
  const proposalQueue = new Waiting<PeerProposal>();
  const requestQueue = new Waiting<PeerRequest>();
  const currentChain = new Map<string, number>();
  let stopping: Promise<void> | undefined;

  const ownChains = () => [...rpcUrls.keys()].map((id) => `eip155:${id}`);
  const sessions = () => Object.values(walletKit.getActiveSessions());

  const { peerName, emitEvent, updateEip155, switchSessionChain } = createSessionOps({
    walletKit,
    address: () => account.address,
    currentChain,
    log,
    sent: (event) => emit('session_event', event),
  });

  const context = createRequestContext({
    account: () => account,
    solana: solanaAccount,
    solanaRpcUrls,
    rpcUrls,
    log,
    switchChain: async (topic, chainId) => {
      try {
        await switchSessionChain(topic, chainId);
      } catch (err) {
        // The switch stands on the wallet's side; a dapp that asked for no chainChanged event just hears nothing.
        currentChain.set(topic, chainId);
        log?.(`chainChanged to ${chainId} not sent: ${errorText(err)}`);
      }
    },
  });

  const settleProposal = async (id: number, approve: boolean): Promise<void> => {
    const proposal = proposals.get(id);
    if (!proposal) throw new Error(`wallet peer: no proposal ${id} is waiting`);
    proposals.delete(id);
    proposalQueue.remove(id);
    const solanaOffer = solana?.reject ? undefined : { chains: [...solanaRpcUrls.keys()], address: solanaAccount.address };
    const outcome = await answerProposal({ walletKit, log }, proposal, approve, () => approvedNamespaces(proposal.params, ownChains(), account.address, solanaOffer));
    const first = outcome.chains.find((chain) => chain.startsWith('eip155:'));
    if (outcome.topic && first) currentChain.set(outcome.topic, Number(first.split(':')[1]));
    emit('proposal_settled', outcome);
  };

  const settleRequest = async (id: number, approve: boolean): Promise<void> => {
    const request = requests.get(id);
    if (!request) throw new Error(`wallet peer: no request ${id} is waiting`);
    requests.delete(id);
    requestQueue.remove(id);
    const outcome = await requestOutcome(context, id, request, approve);
    const response = outcome.error ? { id, jsonrpc: '2.0', error: outcome.error } : { id, jsonrpc: '2.0', result: outcome.result ?? null };
    await walletKit.respondSessionRequest({ topic: request.topic, response });
    emit('request_settled', outcome);
    const how = outcome.error ? `${outcome.outcome} (${outcome.error.code} ${outcome.error.message})` : `answered ${brief(outcome.result ?? null)}`;
    log?.(`request ${request.method} on ${request.chainId} ${how}`);
  };

  const auto = (what: string, settle: Promise<void>) =>
    settle.catch((err: unknown) => log?.(`${what} could not be answered: ${errorText(err)}`));

  const onProposal = (proposal: WalletKitTypes.SessionProposal) => {
    if (stopping) return;
    const info: PeerProposal = {
      id: proposal.id,
      name: proposal.params.proposer.metadata.name,
      url: proposal.params.proposer.metadata.url,
      chains: requestedChains(proposal.params),
    };
    proposals.set(info.id, proposal);
    emit('proposal', info);
    log?.(`proposal from ${info.name} (${info.url}) for ${info.chains.join(', ') || 'no chain'}`);
    if (mode === 'manual') proposalQueue.push(info);
    else void auto(`proposal ${info.id}`, settleProposal(info.id, mode === 'approve'));
  };

  const onProposalExpire = ({ id }: WalletKitTypes.ProposalExpire) => {
    if (!proposals.delete(id)) return;
    proposalQueue.remove(id);
    log?.(`proposal ${id} expired`);
  };

  const onRequest = (event: WalletKitTypes.SessionRequest) => {
    // Deferred SDK work can still emit after stop(); answering would reopen the relay socket.
    if (stopping) return;
    // With the SDK's queue off, a redelivered request could come twice.
    if (seenRequests.has(event.id)) return;
    seenRequests.add(event.id);
    const request: PeerRequest = {
      id: event.id,
      topic: event.topic,
      method: event.params.request.method,
      params: event.params.request.params,
      chainId: event.params.chainId,
    };
    requests.set(request.id, request);
    emit('request', request);
    log?.(`request ${request.method} on ${request.chainId} from ${peerName(request.topic)}`);
    if (mode === 'manual') requestQueue.push(request);
    else void auto(`request ${request.id}`, settleRequest(request.id, mode === 'approve'));
  };

  const onDelete = ({ topic }: WalletKitTypes.SessionDelete) => {
    currentChain.delete(topic);
    emit('session_delete', { topic });
    log?.(`session ${topic.slice(0, 8)} ended by the dapp`);
  };

  // One-click auth: without a listener the SDK answers the fallback proposal instead ('unsupported').
  const onAuthenticate = (request: WalletKitTypes.SessionAuthenticate) => {
    if (stopping) return;
    const answer = mode === 'reject' ? 'reject' : auth === 'reject' ? 'reject' : 'approve';
    void answerAuthenticate({ walletKit, account, ownChains: ownChains() }, request, answer).then(
      (outcome) => {
        if (outcome.topic && outcome.chains[0]) currentChain.set(outcome.topic, Number(outcome.chains[0].split(':')[1]));
        emit('auth_settled', outcome);
        log?.(`one-click auth from ${outcome.name} ${outcome.outcome}${outcome.reason ? ` (${outcome.reason})` : ''}`);
      },
      (err: unknown) => log?.(`one-click auth ${request.id} could not be answered: ${errorText(err)}`),
    );
  };

  walletKit.on('session_proposal', onProposal);
  if (auth !== 'unsupported') walletKit.on('session_authenticate', onAuthenticate);
  walletKit.on('proposal_expire', onProposalExpire);
  walletKit.on('session_request', onRequest);
  walletKit.on('session_delete', onDelete);

  const decide = (id: number, approve: boolean): Promise<void> => {
    if (proposals.has(id)) return settleProposal(id, approve);
    if (requests.has(id)) return settleRequest(id, approve);
    return Promise.reject(new Error(`wallet peer: nothing with id ${id} is waiting`));
  };

  return {
    name,
    get address() {
      return account.address;
    },
    solanaAddress: solanaAccount.address,
    get mode() {
      return mode;
    },
    async pair(uri) {
      await walletKit.pair({ uri });
      log?.(`paired with ${uri.slice(0, 16)}…`);
    },
    setMode(next) {
      mode = next;
    },
    nextProposal: () => proposalQueue.next(),
    nextRequest: () => requestQueue.next(),
    approve: (id) => decide(id, true),
    reject: (id) => decide(id, false),
    async emitChainChanged(chainId) {
      if (!rpcUrls.has(chainId)) throw new Error(`wallet peer: no RPC for chain ${chainId}`);
      for (const session of sessions()) await switchSessionChain(session.topic, chainId);
    },
    async emitAccountsChanged(next) {
      if (next !== undefined) account = typeof next === 'number' ? mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: next }) : privateKeyToAccount(next);
      for (const session of sessions()) {
        if (!session.namespaces.eip155) continue; // a Solana-only session has no EVM account to change
        const chains = session.namespaces.eip155.chains ?? [];
        await updateEip155(session.topic, chains);
        const chainId = currentChain.get(session.topic);
        const caip = chainId ? `eip155:${chainId}` : chains[0];
        if (caip) await emitEvent(session.topic, 'accountsChanged', [account.address], caip);
      }
    },
    async disconnect() {
      for (const session of sessions()) {
        await walletKit.disconnectSession({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') });
        currentChain.delete(session.topic);
        log?.(`session with ${session.peer.metadata.name} disconnected by the wallet`);
      }
    },
    sessions,
    waitForSession: (timeoutMs = 10_000) => poll('a session', timeoutMs, () => sessions()[0]),
    waitForNoSession: (timeoutMs = 10_000) => poll('no session', timeoutMs, () => (sessions().length === 0 ? true : undefined)).then(() => undefined),
    on(event, listener) {
      events.on(event, listener as (payload: unknown) => void);
      return () => events.off(event, listener as (payload: unknown) => void);
    },
    blockedRequests: () => [...blocked],
    stop: () =>
      (stopping ??= (async () => {
        const stopped = new Error('wallet peer stopped');
        walletKit.off('session_proposal', onProposal);
        if (auth !== 'unsupported') walletKit.off('session_authenticate', onAuthenticate);
        walletKit.off('proposal_expire', onProposalExpire);
        walletKit.off('session_request', onRequest);
        walletKit.off('session_delete', onDelete);
        proposalQueue.close(stopped);
        requestQueue.close(stopped);
        events.removeAllListeners();
        try {
          await closeWalletKit(core, storagePrefix);
        } finally {
          releaseGuard();
        }
      })()),
  };
}
