// End to end: WalletConnect carrying Solana. The WalletKit peer (devstack/wc-wallet/) approves eip155
// and solana over the local relay; the widget gets two connections from the one session. The demo page lists
// the local Solana network (and its RPC).
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { startWalletPeer, type WalletPeer, type WalletPeerSolanaOptions } from '../../devstack/wc-wallet/index.js';
import { ACCOUNT_0, DEV_WALLET_ID, type DemoPage, events, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent, widgetState } from './harness.js';
import { providerRequest, scanQr, showWalletConnectQr, waitForStoredSession } from './walletconnect-support.js';

const bs58 = (bytes: Uint8Array) => base58.encode(bytes);
type Detail = { namespace: string };
const details = async (page: Page, type: string) => (await events(page, type)).map((e) => e.detail as Detail);
const byNamespace = <T extends Detail>(list: T[]) => [...list].sort((a, b) => (a.namespace < b.namespace ? -1 : 1));
const solanaIds = (page: Page) => page.evaluate(() => document.querySelector('wallet-connect-modal')!.state.connections.map((c) => c.namespace));

describe('WalletConnect carries Solana: the peer approving eip155 and solana gives two connections', () => {
  const e2e = useE2E();
  let peer: WalletPeer | undefined;
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });

  const solanaChain = () => e2e.stack.solana.chainId as `solana:${string}`;

  /** The demo page: it lists the local Solana network (and its RPC) beside the two anvil chains. */
  const openWithSolana = (): Promise<DemoPage> => e2e.open();

  async function startPeer(solana: Partial<WalletPeerSolanaOptions> = {}) {
    peer = await startWalletPeer({
      relayUrl: e2e.stack.relayUrl,
      chains: e2e.stack.chains,
      solana: { chains: [{ chainId: solanaChain(), rpcUrl: e2e.stack.solana.rpcUrl }], ...solana },
    });
    return peer;
  }

  const solanaDetail = (wallet: WalletPeer) => ({
    address: wallet.solanaAddress,
    caipAddress: `${solanaChain()}:${wallet.solanaAddress}`,
    chainId: solanaChain(),
    namespace: 'solana',
    connector: { id: 'solana:walletconnect', name: wallet.name, type: 'walletconnect' },
  });
  const evmDetail = (wallet: WalletPeer) => ({
    address: ACCOUNT_0,
    caipAddress: `eip155:31337:${ACCOUNT_0}`,
    chainId: 'eip155:31337',
    namespace: 'eip155',
    connector: { id: 'walletconnect', name: wallet.name, type: 'walletconnect' },
  });

  /** Scans the QR code with the peer; resolves once both connections are made. */
  async function connectBoth(page: Page, wallet: WalletPeer) {
    await wallet.pair(await showWalletConnectQr(page));
    await waitForEvent(page, 'wallet-connect', 2);
  }

  it('one approval, two connections: wallet-connect for solana and for eip155 (active), state.connections, axe clean', async () => {
    const { page } = await openWithSolana();
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.networks.length === 3);
    const wallet = await startPeer();
    await connectBoth(page, wallet);
    assert.deepEqual(await details(page, 'wallet-connect'), [solanaDetail(wallet), evmDetail(wallet)]);
    const state = await widgetState(page);
    assert.equal(state.namespace, 'eip155', 'the default network\'s namespace is the active one');
    assert.deepEqual(
      byNamespace(state.connections).map(({ namespace, address, caipAddress, chainId, connector }) => ({ namespace, address, caipAddress, chainId, connector })),
      [evmDetail(wallet), solanaDetail(wallet)].map(({ namespace, address, caipAddress, chainId, connector }) => ({ namespace, address, caipAddress, chainId, connector })),
    );
    assert.deepEqual((await solanaIds(page)).sort(), ['eip155', 'solana']);
    assert.equal(wallet.sessions().length, 1, 'one session carries both');
    assert.deepEqual(Object.keys(wallet.sessions()[0]!.namespaces).sort(), ['eip155', 'solana']);
    await openModal(page);
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Account');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Account with two WalletConnect connections');
  });

  it("getProvider('solana') over WalletConnect: signMessage verified with ed25519; a SOL transfer signed and sent lands on the local chain", async () => {
    const { page } = await openWithSolana();
    const wallet = await startPeer();
    await connectBoth(page, wallet);
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.getProvider('solana')!.publicKey), wallet.solanaAddress);

    const message = new TextEncoder().encode('Sign in over WalletConnect (Solana)');
    const signature = await page.evaluate(async (bytes) => [...(await document.querySelector('wallet-connect-modal')!.getProvider('solana')!.signMessage(Uint8Array.from(bytes)))], [...message]);
    assert.equal(signature.length, 64);
    assert.equal(ed25519.verify(Uint8Array.from(signature), message, new PublicKey(wallet.solanaAddress).toBytes()), true);

    const chain = new Connection(e2e.stack.solana.rpcUrl, 'confirmed');
    const to = Keypair.generate().publicKey;
    const from = new PublicKey(wallet.solanaAddress);
    const { blockhash } = await chain.getLatestBlockhash();
    const transfer = new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 1_234_567 }));
    const unsigned = transfer.serialize({ requireAllSignatures: false, verifySignatures: false });
    const sent = await page.evaluate(async (bytes) => [...(await document.querySelector('wallet-connect-modal')!.getProvider('solana')!.signAndSendTransaction(Uint8Array.from(bytes)))], [...unsigned]);
    assert.equal(sent.length, 64);
    const id = bs58(Uint8Array.from(sent));
    const status = await chain.getSignatureStatus(id, { searchTransactionHistory: true });
    assert.equal(status.value?.err ?? null, null);
    assert.notEqual(status.value, null, 'the chain knows the transaction');
    assert.equal(await chain.getBalance(to), 1_234_567, 'the receiver holds exactly the amount sent');

    // The EVM side still answers on the same session.
    const evmSignature = (await providerRequest(page, 'personal_sign', ['0x6869', ACCOUNT_0])) as `0x${string}`;
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message: 'hi', signature: evmSignature }), true);
  });

  it("reload restores both without a prompt; disconnect('solana') keeps the EVM side and the session, then disconnect('eip155') ends the session", async () => {
    const { page } = await openWithSolana();
    const wallet = await startPeer();
    await connectBoth(page, wallet);
    const before = await details(page, 'wallet-connect');
    await waitForStoredSession(page);
    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined);
    await waitForEvent(page, 'wallet-connect', 2);
    assert.deepEqual(byNamespace(await details(page, 'wallet-connect')), byNamespace(before));
    assert.equal(await inModal(page, '[part="qr-code"]').count(), 0);
    const message = new TextEncoder().encode('after reload');
    const signature = await page.evaluate(async (bytes) => [...(await document.querySelector('wallet-connect-modal')!.getProvider('solana')!.signMessage(Uint8Array.from(bytes)))], [...message]);
    assert.equal(ed25519.verify(Uint8Array.from(signature), message, new PublicKey(wallet.solanaAddress).toBytes()), true);

    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.disconnect('solana'));
    assert.deepEqual(await waitForEvent(page, 'wallet-disconnect'), { namespace: 'solana' });
    assert.deepEqual(await solanaIds(page), ['eip155']);
    assert.equal(wallet.sessions().length, 1, 'the session stays for the EVM side');
    const evmSignature = (await providerRequest(page, 'personal_sign', ['0x6869', ACCOUNT_0])) as `0x${string}`;
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message: 'hi', signature: evmSignature }), true);
    // Without a Solana connection getProvider('solana') is undefined, as getProvider('eip155') is without an EVM one.
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.getProvider('solana') === undefined), true);

    // A reload now restores the EVM side only.
    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined);
    assert.deepEqual(await waitForEvent(page, 'wallet-connect'), evmDetail(wallet));
    assert.deepEqual(await solanaIds(page), ['eip155']);

    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.disconnect('eip155'));
    assert.deepEqual(await waitForEvent(page, 'wallet-disconnect'), { namespace: 'eip155' });
    await wallet.waitForNoSession();
    assert.equal((await widgetState(page)).status, 'disconnected');
  });

  it('the wallet ending the session ends both connections: wallet-disconnect for each namespace', async () => {
    const { page } = await openWithSolana();
    const wallet = await startPeer();
    await connectBoth(page, wallet);
    await wallet.disconnect();
    await waitForEvent(page, 'wallet-disconnect', 2);
    assert.deepEqual(byNamespace(await details(page, 'wallet-disconnect')), [{ namespace: 'eip155' }, { namespace: 'solana' }]);
    assert.equal((await widgetState(page)).status, 'disconnected');
    assert.deepEqual(await solanaIds(page), []);
  });

  it('disconnect() with no namespace ends both connections and the session', async () => {
    const { page } = await openWithSolana();
    const wallet = await startPeer();
    await connectBoth(page, wallet);
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.disconnect());
    assert.deepEqual(byNamespace(await details(page, 'wallet-disconnect')), [{ namespace: 'eip155' }, { namespace: 'solana' }]);
    await wallet.waitForNoSession();
    assert.equal((await widgetState(page)).status, 'disconnected');
    assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('wallet-connect-modal:walletconnect-sides') ?? '{}').data ?? []), []);
  });

  it('a wallet approving eip155 only gives one connection', async () => {
    const { page } = await openWithSolana();
    const wallet = await startPeer({ reject: true });
    await wallet.pair(await showWalletConnectQr(page));
    assert.deepEqual(await waitForEvent(page, 'wallet-connect'), evmDetail(wallet));
    assert.deepEqual(await solanaIds(page), ['eip155']);
    assert.deepEqual(Object.keys(wallet.sessions()[0]!.namespaces), ['eip155']);
  });

  it('EVM connected with a browser wallet: WalletConnect asks for solana only, and its connection joins the EVM one', async () => {
    const { page } = await openWithSolana();
    await openModal(page);
    await inModal(page, `[data-wallet-id="${DEV_WALLET_ID}"]`).click();
    await inModal(page, `[data-wallet-id="${DEV_WALLET_ID}"]`).filter({ hasText: 'Ethereum and EVM networks' }).click();
    await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
    await waitForEvent(page, 'wallet-connect');

    const wallet = await startPeer();
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ namespace: 'solana' }));
    await inModal(page, '[data-wallet-id="walletconnect"]').click();
    await wallet.pair(await scanQr(page));
    assert.deepEqual(await waitForEvent(page, 'wallet-connect', 2), solanaDetail(wallet));
    assert.deepEqual(Object.keys(wallet.sessions()[0]!.namespaces), ['solana'], 'the session carries solana only');
    assert.deepEqual(byNamespace((await widgetState(page)).connections).map((c) => c.connector.type), ['injected', 'walletconnect']);
    assert.equal((await widgetState(page)).namespace, 'solana');
  });

  it('EVM and Solana over two WalletConnect sessions: both kept, both restored after a reload, each ended on its own', async () => {
    const { page } = await openWithSolana();
    const evmWallet = await startPeer({ reject: true });
    await evmWallet.pair(await showWalletConnectQr(page));
    assert.deepEqual(await waitForEvent(page, 'wallet-connect'), evmDetail(evmWallet));
    const solanaWallet = await startWalletPeer({
      relayUrl: e2e.stack.relayUrl,
      chains: e2e.stack.chains,
      name: 'Second Peer',
      solana: { chains: [{ chainId: solanaChain(), rpcUrl: e2e.stack.solana.rpcUrl }] },
    });
    try {
      await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ namespace: 'solana' }));
      await inModal(page, '[data-wallet-id="walletconnect"]').click();
      await solanaWallet.pair(await scanQr(page));
      assert.deepEqual(await waitForEvent(page, 'wallet-connect', 2), solanaDetail(solanaWallet));
      assert.deepEqual(Object.keys(solanaWallet.sessions()[0]!.namespaces), ['solana']);
      await waitForStoredSession(page);
      await waitForStoredSession(page, 'solana');

      await page.reload();
      await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined);
      await waitForEvent(page, 'wallet-connect', 2);
      assert.deepEqual(byNamespace(await details(page, 'wallet-connect')), [evmDetail(evmWallet), solanaDetail(solanaWallet)]);

      await page.evaluate(() => document.querySelector('wallet-connect-modal')!.disconnect('solana'));
      await solanaWallet.waitForNoSession();
      assert.equal(evmWallet.sessions().length, 1, 'the EVM session is another one, and stays');
      assert.deepEqual(await solanaIds(page), ['eip155']);
    } finally {
      await solanaWallet.stop();
    }
  });
});
