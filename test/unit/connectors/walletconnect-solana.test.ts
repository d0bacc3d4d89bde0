import { expect } from '@esm-bundle/chai';
import { ed25519 } from '@noble/curves/ed25519';
import { createWalletConnectConnector } from '../../../src/connectors/walletconnect/connector.js';
import { EVM_METHODS, SOLANA_METHODS, proposalNamespaces, sessionAccounts } from '../../../src/connectors/walletconnect/session.js';
import { createWalletConnectSolanaConnector } from '../../../src/connectors/walletconnect/solana-connector.js';
import { isEvmConnector, isSolanaConnector } from '../../../src/connectors/types.js';
import { base58Decode, base58Encode } from '../../../src/core/base58.js';
import type { Caip2 } from '../../../src/core/caip.js';
import { withSignature } from '../../../src/core/solana-wire.js';
import { ALICE } from '../support/fake-wallet.js';
import { installFakeFetch } from '../support/fake-fetch.js';
import { fakeSignClient } from '../support/fake-sign-client.js';
import { rejection } from '../support/rejection.js';

const TOPIC = 'b'.repeat(64);
const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const LOCAL = 'solana:378kCw7PmAhEAv7DDXn4TRipWRi683BK';
const SEED = new Uint8Array(32).fill(7);
const PUBKEY = ed25519.getPublicKey(SEED);
const OWNER = base58Encode(PUBKEY);
const OTHER = base58Encode(new Uint8Array(32).fill(3));

const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const unbase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A transfer-shaped wire transaction: one signature slot (empty), header [1, 0, 1], keys [signer, other]. */
function wireTransaction(signer: Uint8Array, versioned = false): Uint8Array {
  const message = [...(versioned ? [0x80] : []), 1, 0, 1, 2, ...signer, ...new Uint8Array(32).fill(3), ...new Uint8Array(32).fill(9), 0, ...(versioned ? [0] : [])];
  return Uint8Array.from([1, ...new Uint8Array(64), ...message]);
}
const messageOf = (tx: Uint8Array) => tx.subarray(65);

/** A sign client with one session carrying an eip155 and a solana namespace; the wallet's answers are scripted. */
function fakeClient({ methods = SOLANA_METHODS } = {}) {
  const fake = fakeSignClient<{ solanaAccounts: string[] }, Record<string, unknown>>(
    TOPIC,
    { solanaAccounts: [`${LOCAL}:${OWNER}`, `${MAINNET}:${OWNER}`, `eip155:1:${ALICE}`, `${LOCAL}:nope`] },
    (state) => ({
      eip155: { accounts: [`eip155:1:${ALICE}`], methods: EVM_METHODS, events: [] },
      solana: { accounts: state.solanaAccounts, methods, events: [] },
    }),
  );
  fake.state.answer = (method, params) => {
    if (method === 'solana_signMessage') return { signature: base58Encode(ed25519.sign(base58Decode(params.message as string)!, SEED)) };
    const tx = unbase64(params.transaction as string);
    const signature = ed25519.sign(messageOf(tx), SEED);
    if (method === 'solana_signTransaction') return { signature: base58Encode(signature), transaction: base64(withSignature(tx, PUBKEY, signature)!) };
    return { signature: base58Encode(signature) };
  };
  return fake;
}

function setup(options?: Parameters<typeof fakeClient>[0], chainId: Caip2 = LOCAL) {
  const fake = fakeClient(options);
  let ended = 0;
  const connection = { address: OWNER, chainId, rpcUrl: 'http://127.0.0.1:8899/' as string | undefined };
  const init = { id: 'walletconnect', name: 'Peer Wallet', icon: undefined, topic: TOPIC, chainId };
  const connector = createWalletConnectSolanaConnector(fake.client, init, { now: () => connection, onEnd: () => ended++ });
  return { ...fake, connector, connection, init, ended: () => ended };
}

describe('connectors/walletconnect: Solana in the session proposal', () => {
  it('asks for the configured solana: networks with the three signing methods of the reference, beside eip155', () => {
    expect(proposalNamespaces(['eip155:1', MAINNET, 'eip155:137', LOCAL])).to.deep.equal({
      eip155: {
        chains: ['eip155:1', 'eip155:137'],
        methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'],
        events: ['chainChanged', 'accountsChanged'],
      },
      solana: { chains: [MAINNET, LOCAL], methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'], events: [] },
    });
  });

  it('leaves out a namespace already connected, and solana when no solana: network is configured', () => {
    expect(Object.keys(proposalNamespaces(['eip155:1', LOCAL], ['eip155']))).to.deep.equal(['solana']);
    expect(Object.keys(proposalNamespaces(['eip155:1', LOCAL], ['solana']))).to.deep.equal(['eip155']);
    expect(Object.keys(proposalNamespaces(['eip155:1']))).to.deep.equal(['eip155']);
  });

  it('reads the solana accounts a session grants by chain (base58 of 32 bytes), skipping malformed and other-namespace ones', () => {
    const { client } = fakeClient();
    const accounts = sessionAccounts(client.session.get(TOPIC), 'solana');
    expect([...accounts]).to.deep.equal([[LOCAL, [OWNER]], [MAINNET, [OWNER]]]);
    expect([...sessionAccounts(client.session.get(TOPIC))]).to.deep.equal([['eip155:1', [ALICE]]]);
  });
});

describe('core/solana-wire withSignature', () => {
  it("puts a signature in the signer's slot of a legacy and of a versioned transaction", () => {
    const signature = new Uint8Array(64).fill(5);
    for (const versioned of [false, true]) {
      const tx = wireTransaction(PUBKEY, versioned);
      const signed = withSignature(tx, PUBKEY, signature)!;
      expect([...signed.subarray(1, 65)]).to.deep.equal([...signature]);
      expect([...signed.subarray(65)]).to.deep.equal([...tx.subarray(65)]);
      expect(tx[1]).to.equal(0, 'the input is not changed');
    }
  });

  it('refuses a key that is not a signer, a short signature, and bytes that are not a transaction', () => {
    expect(withSignature(wireTransaction(PUBKEY), new Uint8Array(32).fill(3), new Uint8Array(64))).to.equal(undefined);
    expect(withSignature(wireTransaction(PUBKEY), PUBKEY, new Uint8Array(63))).to.equal(undefined);
    expect(withSignature(new Uint8Array([1, 2, 3]), PUBKEY, new Uint8Array(64))).to.equal(undefined);
  });
});

describe('connectors/walletconnect createWalletConnectSolanaConnector', () => {
  it('is a walletconnect Solana connector of its own id, connected on the network it was given', async () => {
    const { connector } = setup();
    expect([connector.id, connector.name, connector.type, connector.namespace]).to.deep.equal(['solana:walletconnect', 'Peer Wallet', 'walletconnect', 'solana']);
    expect(isSolanaConnector(connector)).to.equal(true);
    expect(isEvmConnector(connector)).to.equal(false);
    expect(await connector.connect()).to.deep.equal({ accounts: [OWNER], chainId: LOCAL });
    expect(await connector.restore()).to.deep.equal({ accounts: [OWNER], chainId: LOCAL });
    expect([connector.serves(LOCAL), connector.serves(MAINNET), connector.serves('solana:EtWTRABZaYq6iMfeYKouRu166VoAgqkn')]).to.deep.equal([true, true, false]);
  });

  it('solana_signMessage: base58 message and pubkey on the connection network; the base58 signature comes back as 64 bytes', async () => {
    const { connector, sent } = setup();
    const message = new TextEncoder().encode('hello over WalletConnect');
    const signature = await connector.hostProvider.signMessage(message);
    expect(sent).to.deep.equal([{ chainId: LOCAL, method: 'solana_signMessage', params: { message: base58Encode(message), pubkey: OWNER } }]);
    expect(ed25519.verify(signature, message, PUBKEY)).to.equal(true);
    expect(connector.hostProvider.publicKey).to.equal(OWNER);
  });

  it('solana_signTransaction: a base64 wire transaction; the signed transaction the wallet returns', async () => {
    const { connector, sent, connection } = setup();
    connection.chainId = MAINNET;
    const tx = wireTransaction(PUBKEY);
    const signed = await connector.hostProvider.signTransaction(tx);
    expect(sent).to.deep.equal([{ chainId: MAINNET, method: 'solana_signTransaction', params: { transaction: base64(tx) } }]);
    expect(ed25519.verify(signed.subarray(1, 65), messageOf(tx), PUBKEY)).to.equal(true);
  });

  it("solana_signTransaction answered with the signature only: it goes in the account's slot", async () => {
    const { connector, state } = setup();
    const answer = state.answer;
    state.answer = (method, params) => ({ signature: (answer(method, params) as { signature: string }).signature });
    const tx = wireTransaction(PUBKEY, true);
    const signed = await connector.signTransaction(tx, LOCAL);
    expect(ed25519.verify(signed.subarray(1, 65), messageOf(tx), PUBKEY)).to.equal(true);
    expect([...signed.subarray(65)]).to.deep.equal([...messageOf(tx)]);
  });

  it('solana_signAndSendTransaction: a base64 wire transaction; the base58 signature comes back as 64 bytes', async () => {
    const { connector, sent } = setup();
    const tx = wireTransaction(PUBKEY);
    const signature = await connector.hostProvider.signAndSendTransaction(tx);
    expect(sent).to.deep.equal([{ chainId: LOCAL, method: 'solana_signAndSendTransaction', params: { transaction: base64(tx) } }]);
    expect(ed25519.verify(signature, messageOf(tx), PUBKEY)).to.equal(true);
  });

  it('a wallet that did not approve signAndSend signs, and the widget sends through the RPC', async () => {
    const { connector, sent } = setup({ methods: ['solana_signMessage', 'solana_signTransaction'] });
    const fetch = installFakeFetch();
    try {
      let body: { method?: string; params?: [string, unknown] } = {};
      fetch.route('/', (_url, init) => {
        body = JSON.parse(String(init?.body)) as typeof body;
        return { body: { jsonrpc: '2.0', id: 1, result: base58Encode(unbase64(body.params![0]).subarray(1, 65)) } };
      });
      const tx = wireTransaction(PUBKEY);
      const signature = await connector.hostProvider.signAndSendTransaction(tx);
      expect(sent.map((s) => s.method)).to.deep.equal(['solana_signTransaction']);
      expect(body.method).to.equal('sendTransaction');
      expect(body.params![1]).to.deep.equal({ encoding: 'base64' });
      expect(ed25519.verify(signature, messageOf(tx), PUBKEY)).to.equal(true);
    } finally {
      fetch.restore();
    }
  });

  it('a refusal in the wallet (WalletConnect 5000) is USER_REJECTED; an unreadable answer INVALID_RESPONSE', async () => {
    const { connector, state } = setup();
    state.answer = () => {
      throw Object.assign(new Error('User rejected.'), { code: 5000 });
    };
    expect((await rejection(connector.signMessage(new Uint8Array([1])))).code).to.equal('USER_REJECTED');
    state.answer = () => ({ signature: 'not base58!' });
    expect((await rejection(connector.signMessage(new Uint8Array([1])))).code).to.equal('INVALID_RESPONSE');
  });
});

describe('connectors/walletconnect: an EVM and a Solana connection on one session', () => {
  function both() {
    const fake = fakeClient();
    const ended = { eip155: 0, solana: 0 };
    const evm = createWalletConnectConnector(fake.client, { id: 'walletconnect', name: 'Peer', icon: undefined, topic: TOPIC, chainId: 'eip155:1' }, { onChange: () => {}, onEnd: () => ended.eip155++ });
    const solana = createWalletConnectSolanaConnector(fake.client, { id: 'walletconnect', name: 'Peer', icon: undefined, topic: TOPIC, chainId: LOCAL }, { now: () => undefined, onEnd: () => ended.solana++ });
    return { ...fake, evm, solana, ended };
  }

  for (const first of ['solana', 'eip155'] as const) {
    it(`disconnecting ${first} first keeps the session for the other; the second ends it`, async () => {
      const { evm, solana, state, ended } = both();
      const [a, b] = first === 'solana' ? [solana, evm] : [evm, solana];
      await a.disconnect();
      expect(state.disconnected).to.deep.equal([]);
      expect(ended).to.deep.equal({ eip155: first === 'eip155' ? 1 : 0, solana: first === 'solana' ? 1 : 0 });
      await b.disconnect();
      expect(state.disconnected).to.deep.equal([{ topic: TOPIC, reason: { code: 6000, message: 'User disconnected.' } }]);
      expect(ended).to.deep.equal({ eip155: 1, solana: 1 });
    });
  }

  it('both disconnected at once (disconnect()) end the session once', async () => {
    const { evm, solana, state } = both();
    await Promise.all([solana.disconnect(), evm.disconnect()]);
    expect(state.disconnected).to.have.length(1);
  });

  it('the wallet ending the session ends both connections', () => {
    const { evm, solana, fire, listeners, ended } = both();
    const seen: string[] = [];
    evm.subscribe({ accountsChanged: () => {}, chainChanged: () => {}, disconnect: () => seen.push('eip155') });
    solana.subscribe({ accountsChanged: () => {}, chainChanged: () => {}, disconnect: () => seen.push('solana') });
    fire('session_delete', { topic: TOPIC });
    expect(seen.sort()).to.deep.equal(['eip155', 'solana']);
    expect(ended).to.deep.equal({ eip155: 1, solana: 1 });
    expect(listeners.get('session_delete')?.size).to.equal(0);
  });

  it("the wallet changing the session's solana accounts reaches the Solana connection's subscribers", () => {
    const { solana, fire, state } = both();
    const seen: string[][] = [];
    solana.subscribe({ accountsChanged: (accounts) => seen.push(accounts), chainChanged: () => {}, disconnect: () => {} });
    state.solanaAccounts = [`${LOCAL}:${OTHER}`];
    fire('session_update', { topic: TOPIC });
    expect(seen).to.deep.equal([[OTHER]]);
  });
});
