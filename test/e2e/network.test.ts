import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectDevWallet, events, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent, widgetState } from './harness.js';

type DevWalletWindow = { devWallet: { switchChain(id: number): void; chainId: number } };

describe('networks: switching, refusals and unsupported chains', () => {
  const e2e = useE2E();

  it('switches network from the Account view, waiting on the wallet, then returns to Account', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await openModal(page);
    await inModal(page, '[data-action="switch-network"]').click();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Choose Network');
    assert.equal(await inModal(page, '[data-network-id="eip155:31337"]').getAttribute('aria-current'), 'true');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: SwitchNetwork');
    await inModal(page, '[data-network-id="eip155:31338"]').click();
    await inModal(page, '.pending').waitFor();
    assert.equal(await inModal(page, '.pending .status').textContent(), 'Approve in your wallet');
    assert.equal(await inModal(page, '.pending .hint').textContent(), 'Switch to Local Chain B in your wallet to continue.');
    await page.locator('dev-wallet-prompt [data-kind="switch"] [data-action="approve"]').click();
    assert.deepEqual(await waitForEvent(page, 'wallet-network-change'), { chainId: 'eip155:31338', namespace: 'eip155', supported: true });
    await inModal(page, '[part="title"]:has-text("Account")').waitFor();
    assert.equal(await inModal(page, '[data-action="switch-network"] .list-label').textContent(), 'Local Chain B');
    assert.equal(await page.evaluate(() => (window as unknown as DevWalletWindow).devWallet.chainId), 31338);
  });

  it('says why when the wallet refuses to switch, and stays on the view', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await openModal(page);
    await inModal(page, '[data-action="switch-network"]').click();
    await inModal(page, '[data-network-id="eip155:31338"]').click();
    await page.locator('dev-wallet-prompt [data-kind="switch"] [data-action="reject"]').click();
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'SWITCH_REJECTED', message: 'Network switch rejected' });
    assert.equal(await inModal(page, '.switch-network .status.error').textContent(), 'Network switch rejected');
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Choose Network');
    assert.equal((await widgetState(page)).chainId, 'eip155:31337');
  });

  it('adds the chain (EIP-3085) when the wallet does not know it (4902), then switches', async () => {
    const { page } = await e2e.open();
    const rpc = e2e.stack.chains.find((c) => c.chainId === 31338)!.rpcUrl;
    await page.evaluate((url) => {
      const el = document.querySelector('wallet-connect-modal')!;
      el.setAttribute('networks', 'eip155:31337,eip155:31338,eip155:31339');
      el.rpcUrls = { ...el.rpcUrls, 'eip155:31339': url };
    }, rpc);
    await connectDevWallet(page);
    const switching = page.evaluate(() => document.querySelector('wallet-connect-modal')!.switchNetwork('eip155:31339'));
    await page.locator('dev-wallet-prompt [data-kind="add-chain"] [data-action="approve"]').click();
    await switching;
    assert.deepEqual(await waitForEvent(page, 'wallet-network-change'), { chainId: 'eip155:31339', namespace: 'eip155', supported: true });
  });

  it('opens UnsupportedChain when the wallet moves off the configured networks; it cannot be dismissed until switched', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await page.evaluate(() => (window as unknown as DevWalletWindow).devWallet.switchChain(1));
    assert.deepEqual(await waitForEvent(page, 'wallet-network-change'), { chainId: 'eip155:1', namespace: 'eip155', supported: false });
    await inModal(page, 'dialog[open] .unsupported').waitFor();
    // The first wallet-open/wallet-close pair was the connection itself.
    assert.deepEqual(await waitForEvent(page, 'wallet-open', 2), { view: 'UnsupportedChain' });
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Switch Network');
    assert.equal(await inModal(page, '[part="close-button"]').count(), 0);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: UnsupportedChain');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    // Escape closes through the store within the key's own event, so a dismissal would show by now; Chromium
    // may close the dialog itself on a repeated Escape, and the view shows it again.
    assert.equal((await widgetState(page)).open, true, 'Escape does not dismiss it');
    await inModal(page, 'dialog[open]').waitFor();
    assert.equal((await widgetState(page)).supported, false);

    await inModal(page, '[data-network-id="eip155:31337"]').click();
    await page.locator('dev-wallet-prompt [data-kind="switch"] [data-action="approve"]').click();
    assert.deepEqual(await waitForEvent(page, 'wallet-network-change', 2), { chainId: 'eip155:31337', namespace: 'eip155', supported: true });
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    assert.deepEqual(await waitForEvent(page, 'wallet-close', 2), { view: 'UnsupportedChain' });
    // The view closed once, after the switch: never on Escape.
    const order = (await events(page)).map((e) => e.type).filter((type) => type === 'wallet-close' || type === 'wallet-network-change');
    assert.deepEqual(order, ['wallet-close', 'wallet-network-change', 'wallet-network-change', 'wallet-close']);
  });

  it('with allow-unsupported-chain, an unsupported chain is reported but the modal stays closed', async () => {
    const { page } = await e2e.open();
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.toggleAttribute('allow-unsupported-chain', true));
    await connectDevWallet(page);
    await page.evaluate(() => (window as unknown as DevWalletWindow).devWallet.switchChain(1));
    assert.deepEqual(await waitForEvent(page, 'wallet-network-change'), { chainId: 'eip155:1', namespace: 'eip155', supported: false });
    // The wallet's next change is handled after the first one's reactions: had UnsupportedChain opened, its
    // wallet-open would come before this second network change.
    await page.evaluate(() => (window as unknown as DevWalletWindow).devWallet.switchChain(31337));
    assert.deepEqual(await waitForEvent(page, 'wallet-network-change', 2), { chainId: 'eip155:31337', namespace: 'eip155', supported: true });
    assert.equal(await inModal(page, 'dialog[open]').count(), 0);
    assert.equal((await events(page, 'wallet-open')).length, 1, 'only the connection opened the modal');
  });

  it('the visitor can disconnect from UnsupportedChain', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await page.evaluate(() => (window as unknown as DevWalletWindow).devWallet.switchChain(1));
    await inModal(page, 'dialog[open] .unsupported').waitFor();
    await inModal(page, '.unsupported [data-action="disconnect"]').click();
    assert.deepEqual(await waitForEvent(page, 'wallet-disconnect'), { namespace: 'eip155' });
    assert.deepEqual(await waitForEvent(page, 'wallet-close', 2), { view: 'UnsupportedChain' });
  });
});
