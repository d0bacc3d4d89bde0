// Reads for a WalletConnect account on a page without `rpc-urls` (item 1): the session only carries
// the signing methods, so the balance, the fee estimate, the receipt wait and the host's own reads must go to
// an RPC for the chain: here the wallet data API's JSON-RPC proxy (`POST {api-url}/v1?chainId=…`).
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createPublicClient, http, numberToHex } from 'viem';
import { startWalletPeer, type WalletPeer } from '../../devstack/wc-wallet/index.js';
import { ACCOUNT_0, ACCOUNT_1, inModal, openModal, useE2E, waitForEvent } from './harness.js';
import { chooseToken } from './send-support.js';
import { providerRequest, showWalletConnectQr } from './walletconnect-support.js';

describe('WalletConnect without rpc-urls: reads go to the wallet data API, signing to the wallet', () => {
  const e2e = useE2E();
  let peer: WalletPeer | undefined;
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });
  const anvil = () => e2e.stack.chains.find((c) => c.chainId === 31337)!;
  const client = () => createPublicClient({ transport: http(anvil().rpcUrl) });

  /** The demo page as a site that gives no `rpc-urls` (only `api-url`), connected over WalletConnect. */
  async function connectWithoutRpcUrls(page: Page) {
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.removeAttribute('rpc-urls'));
    peer = await startWalletPeer({ relayUrl: e2e.stack.relayUrl, chains: e2e.stack.chains });
    await peer.pair(await showWalletConnectQr(page));
    await waitForEvent(page, 'wallet-connect');
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
  }

  /** Requests the page made to the chains' own RPC URLs (none should: the page was given none). */
  const toChains = (requests: string[]) => requests.filter((url) => e2e.stack.chains.some((c) => new URL(url).origin === new URL(c.rpcUrl).origin));
  const toProxy = (requests: string[]) => requests.filter((url) => url.startsWith(`${e2e.stack.apiUrl}v1?chainId=eip155%3A31337`));

  it('shows the native balance of the chain, and host reads through getProvider work', async () => {
    const { page, requests } = await e2e.open();
    await connectWithoutRpcUrls(page);
    await openModal(page);
    const shown = inModal(page, '[part="balance"] [data-balance]');
    await shown.waitFor();
    assert.equal(await shown.getAttribute('data-balance'), String(await client().getBalance({ address: ACCOUNT_0 })));

    // The host's reads (viem or ethers over getProvider) reach the chain; signing still reaches the wallet.
    assert.equal(await providerRequest(page, 'eth_getBalance', [ACCOUNT_0, 'latest']), numberToHex(await client().getBalance({ address: ACCOUNT_0 })));
    assert.equal(await providerRequest(page, 'eth_blockNumber'), numberToHex(await client().getBlockNumber()));
    assert.equal(await providerRequest(page, 'eth_chainId'), '0x7a69');
    assert.match(String(await providerRequest(page, 'personal_sign', ['0x6869', ACCOUNT_0])), /^0x[0-9a-f]{130}$/);
    // The same provider object on every call, so listeners a host adds stay attached.
    assert.equal(await page.evaluate(() => {
      const el = document.querySelector('wallet-connect-modal')!;
      return el.getProvider('eip155') === el.getProvider('eip155');
    }), true);
    assert.ok(toProxy(requests).length > 0, 'reads went through the API proxy');
    assert.deepEqual(toChains(requests), []);
  });

  it('estimates the fee in review and sends: wallet-transaction pending → confirmed', async () => {
    const { page, requests } = await e2e.open();
    await connectWithoutRpcUrls(page);
    const before = await client().getBalance({ address: ACCOUNT_1 });
    await openModal(page);
    await inModal(page, '[data-action="send"]').click();
    await chooseToken(page, 'eip155:31337:native');
    await inModal(page, 'input[name="amount"]').fill('0.25');
    await inModal(page, 'input[name="receiver"]').fill(ACCOUNT_1);
    await inModal(page, 'button[type="submit"]').click();
    await inModal(page, '[part="title"]:has-text("Review Send")').waitFor();
    await inModal(page, '[data-fee]').waitFor();
    assert.match((await inModal(page, '[data-fee]').textContent())!, /^0\.\d+ ETH$/);

    await inModal(page, '[data-action="confirm-send"]').click();
    const pending = (await waitForEvent(page, 'wallet-transaction')) as { hash: string };
    assert.deepEqual(pending, { status: 'pending', hash: pending.hash, chainId: 'eip155:31337', kind: 'native-transfer' });
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash: pending.hash, chainId: 'eip155:31337', kind: 'native-transfer' });
    assert.equal((await client().getBalance({ address: ACCOUNT_1 })) - before, 250_000_000_000_000_000n);
    assert.deepEqual(toChains(requests), []);
  });
});
