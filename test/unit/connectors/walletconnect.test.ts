import { expect } from '@esm-bundle/chai';
import { ProviderRpcError, createWalletConnectConnector, type WalletConnectSession } from '../../../src/connectors/walletconnect/connector.js';
import { retireClient } from '../../../src/connectors/walletconnect/retired.js';
import { EVM_METHODS, parseAccounts, parseEvmChain, pickChain, proposalNamespaces, sessionAccounts } from '../../../src/connectors/walletconnect/session.js';
import { networkInfo } from '../../../src/core/networks.js';
import { ALICE, BOB } from '../support/fake-wallet.js';
import { fakeSignClient } from '../support/fake-sign-client.js';
import { rejection } from '../support/rejection.js';

const TOPIC = 'a'.repeat(64);

/** The sign client with one EVM session; `state.accounts` is what it grants. */
const fakeClient = (accounts = [`eip155:1:${ALICE}`, `eip155:137:${ALICE}`]) =>
  fakeSignClient(TOPIC, { accounts }, (state) => ({ eip155: { accounts: state.accounts, methods: EVM_METHODS, events: [] } }));

const rpcRejection = (promise: Promise<unknown>) => rejection(promise, ProviderRpcError);

const init: WalletConnectSession = { id: 'walletconnect', name: 'Peer Wallet', icon: undefined, topic: TOPIC, chainId: 'eip155:1' };

function setup(accounts?: string[]) {
  const fake = fakeClient(accounts);
  const changes: WalletConnectSession[] = [];
  let ended = 0;
  const connector = createWalletConnectConnector(fake.client, init, { onChange: (s) => changes.push(s), onEnd: () => ended++ });
  return { ...fake, connector, changes, ended: () => ended };
}

describe('connectors/walletconnect session helpers', () => {
  it('asks for the configured EVM networks, with the methods and events the widget uses', () => {
    expect(proposalNamespaces(['eip155:1', 'eip155:137'])).to.deep.equal({
      eip155: {
        chains: ['eip155:1', 'eip155:137'],
        methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'],
        events: ['chainChanged', 'accountsChanged'],
      },
    });
  });

  it('groups the approved accounts by chain, skipping malformed ones', () => {
    const accounts = sessionAccounts({ namespaces: { eip155: { accounts: [`eip155:1:${ALICE}`, `eip155:1:${BOB}`, `eip155:10:${ALICE}`, 'eip155:1:nope', 'junk'], methods: [], events: [] } } });
    expect([...accounts]).to.deep.equal([['eip155:1', [ALICE, BOB]], ['eip155:10', [ALICE]]]);
  });

  it('starts on the first preferred chain the session has, else its first', () => {
    const accounts = new Map<`${string}:${string}`, string[]>([['eip155:10', [ALICE]], ['eip155:137', [ALICE]]]);
    expect(pickChain(accounts, ['eip155:1', 'eip155:137'])).to.equal('eip155:137');
    expect(pickChain(accounts, ['eip155:1'])).to.equal('eip155:10');
    expect(pickChain(new Map(), ['eip155:1'])).to.equal(undefined);
  });

  it('reads chain ids as wallets send them, and refuses anything else', () => {
    expect([137, '0x89', '137', 'eip155:137'].map(parseEvmChain)).to.deep.equal(['eip155:137', 'eip155:137', 'eip155:137', 'eip155:137']);
    expect([0, -1, 1.5, '0x', 'abc', 'solana:x', null, {}].map(parseEvmChain)).to.deep.equal(Array(8).fill(undefined));
  });

  it('reads accountsChanged payloads as addresses or CAIP-10 ids, all or nothing', () => {
    expect(parseAccounts([ALICE, `eip155:1:${BOB}`])).to.deep.equal([ALICE, BOB]);
    expect(parseAccounts([ALICE, 'nope'])).to.equal(undefined);
    expect(parseAccounts('0x')).to.equal(undefined);
  });
});

describe('connectors/walletconnect createWalletConnectConnector', () => {
  it('describes itself as a walletconnect EVM connector and connects to the session it was given', async () => {
    const { connector } = setup();
    expect({ id: connector.id, name: connector.name, type: connector.type, namespace: connector.namespace }).to.deep.equal({
      id: 'walletconnect', name: 'Peer Wallet', type: 'walletconnect', namespace: 'eip155',
    });
    expect(await connector.connect()).to.deep.equal({ accounts: [ALICE], chainId: 'eip155:1' });
    expect(await connector.restore()).to.deep.equal({ accounts: [ALICE], chainId: 'eip155:1' });
  });

  it('answers accounts and chain itself and sends everything else to the wallet on the current chain', async () => {
    const { connector, sent } = setup();
    const provider = connector.getProvider();
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([ALICE]);
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x1');
    expect(await provider.request({ method: 'personal_sign', params: ['0x68690a', ALICE] })).to.deep.equal({ method: 'personal_sign', params: ['0x68690a', ALICE] });
    expect(sent).to.deep.equal([{ chainId: 'eip155:1', method: 'personal_sign', params: ['0x68690a', ALICE] }]);
  });

  it('passes the wallet refusal on as an EIP-1193 error with its code', async () => {
    const { connector, state } = setup();
    state.answer = () => {
      throw { code: 4001, message: 'User rejected the request.' };
    };
    const error = await rpcRejection(connector.getProvider().request({ method: 'personal_sign', params: ['0x00', ALICE] }));
    expect(error).to.be.instanceOf(ProviderRpcError);
    expect({ code: (error as ProviderRpcError).code, message: (error as Error).message }).to.deep.equal({ code: 4001, message: 'User rejected the request.' });
  });

  it('refuses a method the wallet did not approve with 4200, without sending it', async () => {
    const { connector, sent } = setup();
    const error = await rpcRejection(connector.getProvider().request({ method: 'eth_sign', params: [ALICE, '0x00'] }));
    expect({ code: error.code, message: error.message }).to.deep.equal({ code: 4200, message: 'The wallet did not approve eth_sign for this session' });
    expect(sent).to.deep.equal([]);
  });

  it('passes a wallet error without a numeric code on as -32603 with its message', async () => {
    const { connector, state } = setup();
    state.answer = () => {
      throw new Error('wallet exploded');
    };
    const error = await rpcRejection(connector.getProvider().request({ method: 'personal_sign', params: ['0x00', ALICE] }));
    expect({ code: error.code, message: error.message }).to.deep.equal({ code: -32603, message: 'wallet exploded' });
  });

  it('switches chain through the wallet, then follows it: chainChanged for the host, onChange for the store', async () => {
    const { connector, sent, changes } = setup();
    const provider = connector.getProvider();
    const seen: unknown[] = [];
    provider.on?.('chainChanged', ((id: unknown) => seen.push(id)) as never);
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] })).to.deep.equal({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] });
    expect(sent.map((s) => `${s.chainId} ${s.method}`)).to.deep.equal(['eip155:1 wallet_switchEthereumChain']);
    expect(seen).to.deep.equal(['0x89']);
    expect(changes.map((c) => c.chainId)).to.deep.equal(['eip155:137']);
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x89');
    // Asking for the chain it is on sends nothing.
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] })).to.equal(null);
    expect(sent).to.have.length(1);
  });

  it('adds the chain when the wallet does not know it (4902), through switchChain', async () => {
    const { connector, sent, state } = setup();
    let switches = 0;
    state.answer = (method) => {
      if (method === 'wallet_switchEthereumChain' && switches++ === 0) throw { code: 4902, message: 'Unrecognized chain ID' };
      return null;
    };
    await connector.switchChain(networkInfo('eip155:137'));
    expect(sent.map((s) => s.method)).to.deep.equal(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain']);
  });

  it('refuses a malformed wallet_switchEthereumChain without asking the wallet', async () => {
    const { connector, sent } = setup();
    const error = await rpcRejection(connector.getProvider().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'polygon' }] }));
    expect((error as ProviderRpcError).code).to.equal(-32602);
    expect(sent).to.deep.equal([]);
  });

  it("reports the wallet's chain and account events and the end of the session to subscribers", () => {
    const { connector, fire, ended } = setup();
    const log: string[] = [];
    const stop = connector.subscribe({
      chainChanged: (id) => log.push(`chain ${id}`),
      accountsChanged: (accounts) => log.push(`accounts ${accounts.join(',')}`),
      disconnect: () => log.push('disconnect'),
    });
    fire('session_event', { topic: TOPIC, params: { chainId: 'eip155:1', event: { name: 'chainChanged', data: 137 } } });
    fire('session_event', { topic: TOPIC, params: { chainId: 'eip155:137', event: { name: 'accountsChanged', data: [`eip155:137:${BOB}`] } } });
    fire('session_event', { topic: 'b'.repeat(64), params: { chainId: 'eip155:1', event: { name: 'chainChanged', data: 10 } } });
    fire('session_delete', { topic: TOPIC });
    expect(log).to.deep.equal(['chain eip155:137', `accounts ${ALICE}`, `accounts ${BOB}`, 'disconnect']);
    expect(ended()).to.equal(1);
    stop();
    fire('session_event', { topic: TOPIC, params: { chainId: 'eip155:1', event: { name: 'chainChanged', data: 1 } } });
    expect(log).to.have.length(4);
  });

  for (const event of ['session_delete', 'session_expire']) {
    it(`stops listening to the client when the wallet ends the session (${event})`, () => {
      const { connector, fire, listeners, ended } = setup();
      connector.subscribe({ chainChanged: () => {}, accountsChanged: () => {}, disconnect: () => {} });
      expect([...listeners.values()].reduce((n, set) => n + set.size, 0)).to.equal(4);
      fire(event, { topic: TOPIC });
      expect(ended()).to.equal(1);
      expect(Object.fromEntries([...listeners].map(([name, set]) => [name, set.size]))).to.deep.equal({
        session_event: 0, session_update: 0, session_delete: 0, session_expire: 0,
      });
      // A second end (delete after expire) is not reported twice.
      fire('session_delete', { topic: TOPIC });
      expect(ended()).to.equal(1);
    });
  }

  it('a replaced client keeps its relay socket while its session lives, and closes it when the wallet ends the session', () => {
    // setup() makes the connector that listens for the session's end.
    const { client, fire, state } = setup();
    retireClient(client);
    expect(state.socketClosed).to.equal(0);
    state.alive = false;
    fire('session_delete', { topic: TOPIC });
    expect(state.socketClosed).to.equal(1);
  });

  it('a replaced client closes its relay socket at once without a session, and after disconnect() with one', async () => {
    const idle = fakeClient();
    idle.state.alive = false;
    retireClient(idle.client);
    expect(idle.state.socketClosed).to.equal(1);

    const { client, connector, state } = setup();
    retireClient(client);
    await connector.disconnect();
    expect(state.socketClosed).to.equal(1);
  });

  it('release() detaches a connector that is not used (a restore that found no accounts) without ending the session', async () => {
    const { connector, listeners, state, ended } = setup([]);
    expect(await connector.restore()).to.equal(undefined);
    connector.release();
    expect([...listeners.values()].every((set) => set.size === 0)).to.equal(true);
    expect(state.disconnected).to.deep.equal([]);
    expect(ended()).to.equal(0);
  });

  it('ends the session on disconnect, telling the wallet why, and stops listening', async () => {
    const { connector, state, listeners, ended } = setup();
    await connector.disconnect();
    expect(state.disconnected).to.deep.equal([{ topic: TOPIC, reason: { code: 6000, message: 'User disconnected.' } }]);
    expect(ended()).to.equal(1);
    expect([...listeners.values()].every((set) => set.size === 0)).to.equal(true);
    const error = await rpcRejection(connector.getProvider().request({ method: 'personal_sign', params: [] }));
    expect((error as ProviderRpcError).code).to.equal(4900);
    expect(await connector.restore()).to.equal(undefined);
  });
});
