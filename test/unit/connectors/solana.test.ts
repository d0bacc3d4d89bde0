import { expect } from '@esm-bundle/chai';
import { isSolanaAddress } from '../../../src/core/address.js';
import { base58Decode as decodeBase58, base58Encode as encodeBase58 } from '../../../src/core/base58.js';
import { pickSolanaChain, servesChain } from '../../../src/connectors/solana/chains.js';
import { createSolanaConnector, isSolanaWallet } from '../../../src/connectors/solana/connector.js';
import { isEvmConnector, isSolanaConnector } from '../../../src/connectors/types.js';
import { WidgetError } from '../../../src/core/errors.js';
import { installFakeFetch } from '../support/fake-fetch.js';
import { SOL_ALICE, SOL_BOB, fakeSolanaWallet } from '../support/fake-solana-wallet.js';

const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VoAgqkn';
const LOCAL = 'solana:378kCw7PmAhEAv7DDXn4TRipWRi683BK';
const now = () => undefined;

describe('connectors/solana', () => {
  it('base58 round-trips bytes, leading zeros included', () => {
    const bytes = new Uint8Array([0, 0, 1, 2, 255, 254]);
    expect(encodeBase58(bytes)).to.equal('11' + encodeBase58(new Uint8Array([1, 2, 255, 254])));
    expect([...decodeBase58(encodeBase58(bytes))!]).to.deep.equal([...bytes]);
    expect(encodeBase58(new Uint8Array(32))).to.equal('11111111111111111111111111111111');
    expect(decodeBase58('0OIl')).to.equal(undefined);
  });

  it('a Solana address is base58 of exactly 32 bytes (docs/specification.md#validation)', () => {
    expect(isSolanaAddress(SOL_ALICE)).to.equal(true);
    expect(isSolanaAddress(SOL_BOB)).to.equal(true);
    expect(isSolanaAddress('11111111111111111111111111111111')).to.equal(true);
    expect(isSolanaAddress('0x1111111111111111111111111111111111111111')).to.equal(false);
    expect(isSolanaAddress(SOL_ALICE.slice(0, -2))).to.equal(false);
  });

  it('starts on the first configured Solana network the wallet serves, by CAIP-2 id or cluster name', () => {
    expect(pickSolanaChain(['solana:devnet'], ['eip155:1', MAINNET, DEVNET])).to.equal(DEVNET);
    expect(pickSolanaChain(['solana:mainnet', 'solana:devnet'], ['eip155:1', MAINNET, DEVNET])).to.equal(MAINNET);
    expect(pickSolanaChain([LOCAL], [MAINNET, LOCAL])).to.equal(LOCAL);
    expect(pickSolanaChain(['solana:localnet'], [MAINNET, LOCAL])).to.equal(LOCAL);
    expect(pickSolanaChain(['solana:testnet'], [MAINNET])).to.equal(MAINNET);
    expect(pickSolanaChain(['solana:mainnet'], ['eip155:1'])).to.equal(undefined);
    expect(servesChain(['solana:mainnet'], DEVNET)).to.equal(false);
  });

  it('takes Wallet Standard wallets with a solana: chain and standard:connect only', () => {
    expect(isSolanaWallet(fakeSolanaWallet())).to.equal(true);
    expect(isSolanaWallet(fakeSolanaWallet({ chains: ['sui:mainnet'] }))).to.equal(false);
  });

  it('is a SolanaConnector (type guard), not an EvmConnector; connect gives the accounts and the chosen network', async () => {
    const wallet = fakeSolanaWallet({ name: 'Guarded' });
    const connector = createSolanaConnector(wallet, () => [MAINNET], now);
    expect(isSolanaConnector(connector)).to.equal(true);
    expect(isEvmConnector(connector)).to.equal(false);
    expect(connector).to.include({ id: 'solana:Guarded', name: 'Guarded', namespace: 'solana', type: 'injected' });
    expect(await connector.connect()).to.deep.equal({ accounts: [SOL_ALICE], chainId: MAINNET });
  });

  it('a refusal is CONNECTION_REJECTED "Connection rejected"; restore is silent and gives undefined without a grant', async () => {
    const wallet = fakeSolanaWallet();
    const connector = createSolanaConnector(wallet, () => [MAINNET], now);
    expect(await connector.restore()).to.equal(undefined);
    wallet.approve = false;
    const error = await connector.connect().then(() => undefined, (e: unknown) => e);
    expect(error).to.be.instanceOf(WidgetError);
    expect(error).to.include({ code: 'CONNECTION_REJECTED', shortMessage: 'Connection rejected' });
    expect(wallet.calls).to.deep.equal(['connect:silent', 'connect']);
  });

  it("signs on the wallet's own name for the network (cluster name, or the CAIP-2 id it lists)", async () => {
    const wallet = fakeSolanaWallet({ chains: ['solana:devnet', LOCAL] });
    const connector = createSolanaConnector(wallet, () => [DEVNET], now);
    await connector.connect();
    await connector.signTransaction(new Uint8Array([1]), DEVNET);
    await connector.signAndSendTransaction(new Uint8Array([1]), LOCAL);
    expect(wallet.calls.slice(1)).to.deep.equal(['signTransaction:solana:devnet', `signAndSendTransaction:${LOCAL}`]);
  });

  it('without solana:signAndSendTransaction: signTransaction, then sendTransaction (base64) to the RPC; the signature bytes', async () => {
    const fetch = installFakeFetch();
    const signature = new Uint8Array(64).fill(3);
    let body: { method?: string; params?: unknown[] } = {};
    fetch.route('/rpc', (_url, init) => {
      body = JSON.parse(String(init?.body)) as typeof body;
      return { body: { jsonrpc: '2.0', id: 1, result: encodeBase58(signature) } };
    });
    try {
      const wallet = fakeSolanaWallet({ signAndSend: false });
      const connector = createSolanaConnector(wallet, () => [MAINNET], now);
      await connector.connect();
      const result = await connector.signAndSendTransaction(new Uint8Array([7, 8]), MAINNET, 'http://127.0.0.1:1/rpc');
      expect([...result]).to.deep.equal([...signature]);
      expect(wallet.calls).to.deep.equal(['connect', 'signTransaction:solana:mainnet']);
      // The fake wallet appends a 1 to sign: [7, 8, 1] in base64.
      expect(body).to.deep.include({ method: 'sendTransaction', params: [btoa(String.fromCharCode(7, 8, 1)), { encoding: 'base64' }] });
    } finally {
      fetch.restore();
    }
  });

  it('a wallet refusing to sign is USER_REJECTED', async () => {
    const wallet = fakeSolanaWallet();
    (wallet.features['solana:signMessage'] as { signMessage: unknown }).signMessage = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    };
    const connector = createSolanaConnector(wallet, () => [MAINNET], now);
    await connector.connect();
    const error = await connector.signMessage(new Uint8Array([1])).then(() => undefined, (e: unknown) => e);
    expect(error).to.include({ code: 'USER_REJECTED' });
  });
});
