// Wallet-side session changes the peer makes: session events (chainChanged, accountsChanged) and eip155
// namespace updates (wc_sessionUpdate) when a chain is added or the account changes.
import type { WalletKit } from '@reown/walletkit';
import { brief, errorText } from './util.js';

export interface SessionOpsDeps {
  walletKit: InstanceType<typeof WalletKit>;
  /** The current EVM account. */
  address(): string;
  /** The session's current EVM chain, by topic. */
  currentChain: Map<string, number>;
  log?: (line: string) => void;
  /** Told about each event sent. */
  sent(event: { topic: string; name: string; data: unknown; chainId: string }): void;
}

export function createSessionOps({ walletKit, address, currentChain, log, sent }: SessionOpsDeps) {
  const peerName = (topic: string) => walletKit.getActiveSessions()[topic]?.peer.metadata.name ?? 'the dapp';

  const emitEvent = async (topic: string, eventName: string, data: unknown, chainId: string) => {
    await walletKit.emitSessionEvent({ topic, event: { name: eventName, data }, chainId });
    sent({ topic, name: eventName, data, chainId });
    log?.(`event ${eventName} ${brief(data)} on ${chainId} sent to ${peerName(topic)}`);
  };

  /** Adds chains or replaces the account in a session's eip155 namespace (wc_sessionUpdate), if needed. */
  const updateEip155 = async (topic: string, chains: string[]) => {
    const session = walletKit.getActiveSessions()[topic];
    const namespace = session?.namespaces.eip155;
    if (!session || !namespace) throw new Error(`no EVM session ${topic}`);
    const accounts = chains.map((chain) => `${chain}:${address()}`);
    const same = chains.length === (namespace.chains ?? []).length && accounts.every((a) => namespace.accounts.includes(a));
    if (same) return;
    const { acknowledged } = await walletKit.updateSession({ topic, namespaces: { ...session.namespaces, eip155: { ...namespace, chains, accounts } } });
    // The SDK updates its own copy at once; the dapp's ack only confirms. Never leave its rejection unhandled.
    acknowledged().catch((err: unknown) => log?.(`session update not acknowledged: ${errorText(err)}`));
  };

  const switchSessionChain = async (topic: string, chainId: number) => {
    const caip = `eip155:${chainId}`;
    const chains = walletKit.getActiveSessions()[topic]?.namespaces.eip155?.chains ?? [];
    if (!chains.includes(caip)) await updateEip155(topic, [...chains, caip]);
    currentChain.set(topic, chainId);
    await emitEvent(topic, 'chainChanged', chainId, caip);
  };

  return { peerName, emitEvent, updateEip155, switchSessionChain };
}
