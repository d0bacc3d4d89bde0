import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCOUNT_1, connectDevWallet, events, inModal, openModal, useE2E } from './harness.js';
import { chooseToken } from './send-support.js';

const CHANGED = 'The network or account changed. Review the transfer again.';

interface DevWalletControl {
  switchChain(chainId: number): void;
  setAccount(index: number): void;
  log: { method: string }[];
  pending(): unknown[];
}

describe('Send is pinned to the chain and account it was reviewed on', () => {
  const e2e = useE2E();
  const ltk = () => e2e.stack.seeded.find((s) => s.chainId === 31337)!.tokens.find((t) => t.symbol === 'LTK')!;

  async function reviewOneLtk(page: Page) {
    await connectDevWallet(page);
    await openModal(page);
    await inModal(page, '[data-action="send"]').click();
    await chooseToken(page, `eip155:31337:${ltk().address}`);
    await inModal(page, 'input[name="amount"]').fill('1');
    await inModal(page, 'input[name="receiver"]').fill(ACCOUNT_1);
    await inModal(page, 'button[type="submit"]').click();
    await inModal(page, '[part="title"]:has-text("Review Send")').waitFor();
  }

  const wallet = (page: Page, act: (w: DevWalletControl) => void) =>
    page.evaluate(`(${act.toString()})(window.devWallet)`);

  const sentNothing = async (page: Page) => {
    assert.deepEqual(await events(page, 'wallet-transaction'), [], 'no wallet-transaction event');
    const log = (await page.evaluate('window.devWallet.log.map((entry) => entry.method)')) as string[];
    assert.ok(!log.includes('eth_sendTransaction'), `the wallet was not asked to send (${log.join(', ')})`);
    assert.deepEqual(await page.evaluate('window.devWallet.pending()'), [], 'no prompt in the wallet');
  };

  for (const [label, act] of [
    ['the wallet switches chain', (w: DevWalletControl) => w.switchChain(31338)],
    ['the wallet switches account', (w: DevWalletControl) => w.setAccount(1)],
  ] as const) {
    it(`${label} between review and confirm: back to Send with the message, nothing sent`, async () => {
      const { page } = await e2e.open();
      await reviewOneLtk(page);
      await wallet(page, act);
      await inModal(page, `#send-error:has-text("${CHANGED}")`).waitFor();
      assert.equal(await inModal(page, '[part="title"]').textContent(), 'Send');
      assert.equal(await inModal(page, '[data-action="confirm-send"]').count(), 0);
      await sentNothing(page);
    });
  }
});
