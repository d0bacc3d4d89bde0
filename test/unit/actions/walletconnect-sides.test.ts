import { expect } from '@esm-bundle/chai';
import type { SessionTypes } from '@walletconnect/types';
import type { WalletConnectClient } from '../../../src/connectors/walletconnect/client.js';
import { EVM_METHODS, SOLANA_METHODS } from '../../../src/connectors/walletconnect/session.js';
import { sessionSides, useSide } from '../../../src/stores/actions/walletconnect-sides.js';
import { $walletConnectSides, storedSide, takeOverPerNamespaceRecords } from '../../../src/stores/walletconnect.js';
import { ALICE } from '../support/fake-wallet.js';
import { resetStores } from '../support/stores.js';

const TOPIC = 'c'.repeat(64);
const LOCAL = 'solana:378kCw7PmAhEAv7DDXn4TRipWRi683BK';
const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const OWNER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

function session(namespaces: Record<string, string[]>) {
  return {
    topic: TOPIC,
    peer: { metadata: { name: 'Peer Wallet', description: '', url: 'http://127.0.0.1', icons: [] } },
    namespaces: Object.fromEntries(
      Object.entries(namespaces).map(([key, accounts]) => [key, { accounts, methods: key === 'solana' ? SOLANA_METHODS : EVM_METHODS, events: [] }]),
    ),
  } as unknown as SessionTypes.Struct;
}

function fakeClient(struct: SessionTypes.Struct) {
  const disconnected: unknown[] = [];
  let alive = true;
  const client = {
    session: {
      get: (topic: string) => {
        if (topic !== TOPIC || !alive) throw new Error('No matching key');
        return struct;
      },
      getAll: () => (alive ? [struct] : []),
    },
    core: { relayer: { transportClose: async () => undefined } },
    async disconnect(args: unknown) {
      disconnected.push(args);
      alive = false;
    },
    on: () => undefined,
    off: () => undefined,
  };
  return { client: client as unknown as WalletConnectClient, disconnected };
}

describe('stores/actions walletconnect-session: the sides of one session', () => {
  const both = session({ eip155: [`eip155:1:${ALICE}`, `eip155:31337:${ALICE}`], solana: [`${MAINNET}:${OWNER}`, `${LOCAL}:${OWNER}`] });
  beforeEach(() => resetStores({ networks: ['eip155:31337', LOCAL] }));
  afterEach(() => $walletConnectSides.set([]));

  it('one side per namespace asked for and approved, each on the first configured network it has; the default namespace last', () => {
    const sides = sessionSides(both, undefined, ['eip155', 'solana']);
    expect(sides.map((s) => [s.namespace, s.init.chainId, s.init.id])).to.deep.equal([['solana', LOCAL, 'walletconnect'], ['eip155', 'eip155:31337', 'walletconnect']]);
    resetStores({ networks: ['eip155:31337', LOCAL], defaultNetwork: LOCAL });
    expect(sessionSides(both, undefined, ['eip155', 'solana']).map((s) => s.namespace)).to.deep.equal(['eip155', 'solana']);
  });

  it('a namespace not asked for (already connected) or not approved gives no side', () => {
    expect(sessionSides(both, undefined, ['solana']).map((s) => s.namespace)).to.deep.equal(['solana']);
    expect(sessionSides(session({ eip155: [`eip155:31337:${ALICE}`] }), undefined, ['eip155', 'solana']).map((s) => s.namespace)).to.deep.equal(['eip155']);
    expect(sessionSides(session({ solana: ['solana:nope:x'] }), undefined, ['eip155', 'solana'])).to.deep.equal([]);
  });

  it('each side is remembered with its network; disconnecting one forgets only it, the last ends the session', async () => {
    const { client, disconnected } = fakeClient(both);
    const [solanaSide, evmSide] = sessionSides(both, { id: 'peer-wallet', name: 'Peer' }, ['eip155', 'solana']);
    const solana = useSide(client, solanaSide!.namespace, solanaSide!.init);
    const evm = useSide(client, evmSide!.namespace, evmSide!.init);
    expect([solana.id, evm.id]).to.deep.equal(['solana:peer-wallet', 'peer-wallet']);
    const stored = { id: 'peer-wallet', name: 'Peer Wallet', topic: TOPIC, chainId: 'eip155:31337' };
    expect(storedSide('eip155', 'peer-wallet')).to.deep.equal({ namespace: 'eip155', ...stored });
    expect(storedSide('solana', 'solana:peer-wallet')).to.deep.equal({ namespace: 'solana', ...stored, chainId: LOCAL });
    expect(JSON.parse(localStorage.getItem('wallet-connect-modal:walletconnect-sides')!)).to.deep.equal({
      v: 1,
      data: [
        { namespace: 'solana', ...stored, chainId: LOCAL },
        { namespace: 'eip155', ...stored },
      ],
    });
    await solana.disconnect();
    expect(storedSide('solana', 'solana:peer-wallet')).to.equal(undefined);
    expect(storedSide('eip155', 'peer-wallet')).to.deep.equal({ namespace: 'eip155', ...stored });
    expect(disconnected).to.deep.equal([]);
    await evm.disconnect();
    expect($walletConnectSides.get()).to.deep.equal([]);
    expect(disconnected).to.have.length(1);
  });

  it('two wallets in one namespace (ProfileWallets: one parked) keep a side each; a chain change or an end touches only its own', async () => {
    const other = 'd'.repeat(64);
    const first = fakeClient(session({ eip155: [`eip155:31337:${ALICE}`, `eip155:1:${ALICE}`] }));
    useSide(first.client, 'eip155', { id: 'peer-wallet', name: 'Peer', topic: TOPIC, chainId: 'eip155:31337' });
    $walletConnectSides.set([...$walletConnectSides.get(), { namespace: 'eip155', id: 'second-wallet', name: 'Second', topic: other, chainId: 'eip155:1' }]);
    // The same wallet used again replaces its own side, not the other's.
    const again = useSide(first.client, 'eip155', { id: 'peer-wallet', name: 'Peer', topic: TOPIC, chainId: 'eip155:1' });
    expect($walletConnectSides.get().map((s) => [s.id, s.chainId])).to.deep.equal([['second-wallet', 'eip155:1'], ['peer-wallet', 'eip155:1']]);
    await again.disconnect();
    expect($walletConnectSides.get().map((s) => s.id)).to.deep.equal(['second-wallet']);
  });

  it("takes over a session kept under the old per-namespace keys, and removes them; an unreadable one is dropped", () => {
    const evm = { id: 'walletconnect', name: 'Peer Wallet', topic: TOPIC, chainId: 'eip155:31337' };
    localStorage.setItem('wallet-connect-modal:walletconnect', JSON.stringify({ v: 1, data: evm }));
    localStorage.setItem('wallet-connect-modal:walletconnect-solana', JSON.stringify({ v: 1, data: { ...evm, chainId: 'eip155:1' } }));
    takeOverPerNamespaceRecords();
    expect($walletConnectSides.get()).to.deep.equal([{ namespace: 'eip155', ...evm }]);
    expect([localStorage.getItem('wallet-connect-modal:walletconnect'), localStorage.getItem('wallet-connect-modal:walletconnect-solana')]).to.deep.equal([null, null]);
  });
});
