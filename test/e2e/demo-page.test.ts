import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { solanaDevKeypair } from '../../demo/dev-wallet/solana-keys.js';
import { LOCAL_SOLANA_CHAIN_ID } from '../../server/solana/constants.js';
import { readSolBalance } from '../../src/services/solana-rpc.js';
import { ACCOUNT_0, DEV_WALLET_ID, connectDevWallet, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent } from './harness.js';

describe('the demo page, as a site owner first sees it', () => {
  const e2e = useE2E();

  it('Disconnect is off, with the reason, until a wallet is connected, and off again after', async () => {
    const { page } = await e2e.open();
    const button = page.locator('#disconnect');
    const reason = page.locator('#disconnect-reason');
    assert.equal(await button.isDisabled(), true);
    assert.equal(await reason.textContent(), 'Connect a wallet first.');
    assert.equal(await reason.isVisible(), true);
    assert.equal(await button.getAttribute('aria-describedby'), 'disconnect-reason');

    await connectDevWallet(page);
    await page.waitForFunction(() => !(document.querySelector('#disconnect') as HTMLButtonElement).disabled);
    assert.equal(await reason.isVisible(), false);
    await button.click();
    await waitForEvent(page, 'wallet-disconnect');
    await page.waitForFunction(() => (document.querySelector('#disconnect') as HTMLButtonElement).disabled);
    assert.equal(await reason.isVisible(), true);
  });

  it('shows EVM and Solana side by side: the local Solana chain in networks with its RPC, the dev wallet one entry that asks which kind of network', async () => {
    const { page } = await e2e.open();
    const attribute = (name: string) => page.evaluate((n) => document.querySelector('wallet-connect-modal')!.getAttribute(n), name);
    assert.equal(await attribute('networks'), `eip155:31337,eip155:31338,${LOCAL_SOLANA_CHAIN_ID}`);
    const rpcUrls = JSON.parse((await attribute('rpc-urls'))!) as Record<string, string>;
    assert.equal(rpcUrls[LOCAL_SOLANA_CHAIN_ID], e2e.stack.solana.rpcUrl);

    await openModal(page);
    const entry = inModal(page, `[data-wallet-id="${DEV_WALLET_ID}"]`);
    await page.waitForFunction(() => (window as unknown as { __walletStandardReady: boolean }).__walletStandardReady);
    // The list renders after discovery has taken the wallets in: counted once the entry is there (a CI run counted 0).
    await entry.waitFor();
    assert.equal(await inModal(page, '[part~="wallet-button"]').filter({ hasText: 'Dev Wallet' }).count(), 1, 'one entry for the wallet on both namespaces');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Connect with EVM and Solana');
    await entry.click();
    await inModal(page, '.hint').filter({ hasText: 'Dev Wallet works on more than one kind of network. Which one do you want to connect?' }).waitFor();
    assert.deepEqual(await inModal(page, '[part~="wallet-button"] .list-label').allTextContents(), ['Ethereum and EVM networks', 'Solana']);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: the namespace chooser');
    await inModal(page, '[part~="wallet-button"]').filter({ hasText: 'Solana' }).click();
    await page.locator('dev-wallet-prompt [data-kind="connect"]').waitFor();
    assert.equal(await inModal(page, '.connecting .status').textContent(), 'Continue in Dev Wallet');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: ConnectingExternal for Solana');
    await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
    const owner = solanaDevKeypair(0).address;
    assert.deepEqual(await waitForEvent(page, 'wallet-connect'), {
      address: owner,
      caipAddress: `${LOCAL_SOLANA_CHAIN_ID}:${owner}`,
      chainId: LOCAL_SOLANA_CHAIN_ID,
      namespace: 'solana',
      connector: { id: 'solana:Dev Wallet', name: 'Dev Wallet', type: 'injected' },
    });

    // The Account view reads the SOL balance from the RPC the page gives.
    await openModal(page);
    const balance = inModal(page, '[part="balance"] [data-balance]');
    await balance.waitFor();
    assert.equal(await balance.getAttribute('data-balance'), String(await readSolBalance(e2e.stack.solana.rpcUrl, owner)));
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Solana Account');
    await inModal(page, '[data-action="switch-network"]').click();
    await inModal(page, '[part~="network-button"]').first().waitFor();
    assert.deepEqual(await inModal(page, '[part~="network-button"] .list-label').allTextContents(), ['Local Chain A', 'Local Chain B', 'Solana Local']);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: SwitchNetwork with EVM and Solana networks');
  });

  it('"Sign in with wallet" is off by default; on, it sets siwx-url, and connect → sign shows the backend\'s session in the panel; siwx-required is a toggle', async () => {
    const { page } = await e2e.open();
    const attribute = (name: string) => page.evaluate((n) => document.querySelector('wallet-connect-modal')!.getAttribute(n), name);
    assert.equal(await page.locator('#siwx').isChecked(), false);
    assert.equal(await attribute('siwx-url'), null);
    assert.equal(await page.locator('#siwx-session').textContent(), 'Sign-in is off.');
    await page.locator('#siwx-required').check();
    assert.equal(await attribute('siwx-required'), '');
    await page.locator('#siwx-required').uncheck();
    assert.equal(await attribute('siwx-required'), null);

    await page.locator('#siwx').check();
    assert.equal(await attribute('siwx-url'), '/api/auth');
    await page.locator('#siwx-session').filter({ hasText: 'GET /api/auth/session: null' }).waitFor();
    await connectDevWallet(page);
    await inModal(page, '[data-view="SIWXSignMessage"] [data-action="sign"]').click();
    await page.locator('dev-wallet-prompt [data-kind="sign"] [data-action="approve"]').click();
    await waitForEvent(page, 'wallet-session');
    const panel = page.locator('#siwx-session');
    await panel.filter({ hasText: `"address": "${ACCOUNT_0}"` }).waitFor();
    const text = (await panel.textContent())!;
    assert.match(text, /^wallet-session: authenticated\n/);
    assert.match(text, /GET \/api\/auth\/session: \{\n/);
    assert.match(text, /"chainId": "eip155:31337"/);

    await page.locator('#siwx').uncheck();
    assert.equal(await attribute('siwx-url'), null);
    assert.equal(await panel.textContent(), 'Sign-in is off.');
  });

  it('shows a copy-paste snippet that, pasted into a plain page, gives a working modal', async () => {
    const { page, context } = await e2e.open();
    const snippet = (await page.locator('#snippet').textContent())!;
    const bundle = new URL('/dist/wallet-connect-modal.js', e2e.stack.url).href;
    assert.ok(snippet.startsWith(`<script type="module" src="${bundle}"></script>\n<wallet-connect-modal\n`), snippet);
    assert.ok(snippet.includes(`\n  networks="eip155:31337,eip155:31338,${LOCAL_SOLANA_CHAIN_ID}"\n`), snippet);
    assert.match(snippet, new RegExp(`\\n {2}directory-url="${e2e.stack.directoryUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\n`));
    assert.ok(snippet.includes(`"${LOCAL_SOLANA_CHAIN_ID}":"${e2e.stack.solana.rpcUrl}"`), snippet);
    assert.match(snippet, /\n {2}rpc-urls='\{"eip155:31337":"http:\/\/127\.0\.0\.1:\d+\/?","eip155:31338":"http:\/\/127\.0\.0\.1:\d+\/?","solana:\w+":"http:\/\/127\.0\.0\.1:\d+\/?"\}'\n/);
    assert.doesNotMatch(snippet, /%[A-Z_0-9]+%/, 'no placeholder left');
    assert.match(snippet, /\n><\/wallet-connect-modal>\n<wallet-connect-button><\/wallet-connect-button>\n<script type="module">\n/);

    // Pasted as the whole body of a page with no CSP of its own, on another path of the same server.
    const pasted = await context.newPage();
    const errors: string[] = [];
    pasted.on('pageerror', (error) => errors.push(String(error)));
    const url = new URL('/pasted.html', e2e.stack.url).href;
    await pasted.route(url, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><title>Pasted</title><body>\n${snippet}\n</body></html>` }));
    await pasted.goto(url);
    await pasted.locator('wallet-connect-button button').click();
    await inModal(pasted, 'dialog[open] [part="title"]').waitFor();
    assert.equal(await inModal(pasted, '[part="title"]').textContent(), 'Connect Wallet');
    assert.equal(await pasted.evaluate(() => document.querySelector('wallet-connect-modal')!.getAttribute('networks')), `eip155:31337,eip155:31338,${LOCAL_SOLANA_CHAIN_ID}`);
    assert.deepEqual(errors, []);
    await pasted.close();
  });
});
