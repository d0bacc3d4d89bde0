import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCOUNT_0, connectDevWallet, inModal, openModal, seriousA11yViolations, useE2E } from './harness.js';
import { scanQr } from './walletconnect-support.js';

describe('account and activity on the local stack: failures with Retry, readable rows, Receive', () => {
  const e2e = useE2E();

  it('a failed history call reads "Failed to fetch transactions" with Retry after the back-off; Retry loads the history', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    let failing = true;
    let calls = 0;
    await page.route('**/v1/account/*/history**', async (route) => {
      calls++;
      if (failing) await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
      else await route.continue();
    });
    await openModal(page);
    await inModal(page, '[role="tab"][data-tab="activity"]').click();
    const notice = inModal(page, '[data-retry-notice]');
    await notice.waitFor();
    assert.equal(await notice.locator('[role="alert"]').textContent(), 'Failed to fetch transactions');
    assert.equal(await page.locator('wallet-connect-modal').getByText('No activity yet').count(), 0, 'an error is not an empty history');
    const retry = inModal(page, '[data-action="retry"]');
    assert.equal(await retry.isDisabled(), true, 'disabled during the back-off');
    assert.match((await inModal(page, '[data-retry-at]').textContent()) ?? '', /^You can try again at \d{1,2}:\d{2}:\d{2}\s?[AP]M$/);
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="retry"]')!.disabled);
    assert.equal(calls, 1, 'no call by itself when the back-off ends');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Activity failed');
    failing = false;
    await retry.click();
    await inModal(page, '.activity-list [data-transaction]').first().waitFor();
    assert.equal(await notice.count(), 0);
    assert.equal(calls, 2);
  });

  it('rows show icon, direction, counterparty, amount, time and an explorer link; the 0-decimal token is left out', async () => {
    const { page } = await e2e.open();
    await page.evaluate(() => {
      const el = document.querySelector('wallet-connect-modal')!;
      el.networkMeta = { ...el.networkMeta, 'eip155:31337': { name: 'Local Chain A', explorer: 'https://explorer.example' } };
    });
    await connectDevWallet(page);
    await openModal(page);
    await inModal(page, '.token-list').waitFor();
    await inModal(page, '[role="tab"][data-tab="activity"]').click();
    const rows = inModal(page, '.activity-list [data-transaction]');
    await rows.first().waitFor();
    const read = await rows.evaluateAll((all) => all.map((row) => ({
      id: row.getAttribute('data-transaction')!,
      direction: row.getAttribute('data-direction'),
      title: row.querySelector('.row-title')!.textContent,
      said: row.querySelector('.row-main .visually-hidden')!.textContent,
      icon: row.querySelector('img.token-icon')?.getAttribute('src') ?? null,
      arrow: row.querySelector('[data-direction-icon] svg') !== null,
      counterparty: row.querySelector('[data-counterparty]')?.textContent ?? null,
      amounts: [...row.querySelectorAll('[data-amount]')].map((a) => a.textContent!),
      time: row.querySelector('[data-time]')!.textContent,
      link: row.querySelector('a[data-explorer-link]')?.getAttribute('href') ?? null,
    })));
    assert.ok(read.length > 0);
    for (const row of read) {
      assert.equal(row.link, `https://explorer.example/tx/${row.id}`, 'each row links to the explorer');
      assert.ok(row.arrow && ['in', 'out', 'self'].includes(row.direction!), `a direction: ${JSON.stringify(row)}`);
      assert.ok(row.time, 'a time');
      assert.ok(!row.amounts.some((a) => a.endsWith(' ZERO')), `no 0-decimal token: ${JSON.stringify(row)}`);
    }
    const received = read.find((r) => r.direction === 'in' && r.amounts.length > 0)!;
    assert.ok(received, 'a received transfer');
    assert.equal(received.said, 'incoming');
    assert.match(received.counterparty!, /^From 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/);
    assert.match(received.amounts[0]!, /^\+[\d.,]+ [A-Z]+$/);
    assert.match(received.icon!, /^data:image\//, 'the token icon');
    const sent = read.find((r) => r.direction === 'out' && r.amounts.length > 0)!;
    assert.equal(sent.said, 'outgoing');
    assert.match(sent.amounts[0]!, /^−[\d.,]+ [A-Z]+$/);
    assert.match(sent.counterparty!, /^(To|Via) 0x/);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Activity rows');
  });

  it('Receive shows the address as a QR code that decodes to it, in full, with Copy', async () => {
    const { page, context } = await e2e.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await connectDevWallet(page);
    await openModal(page);
    await inModal(page, '[data-action="receive"]').click();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Receive');
    assert.equal(await scanQr(page), ACCOUNT_0);
    assert.equal(await inModal(page, '.receive-address').textContent(), ACCOUNT_0);
    assert.equal(await inModal(page, '.receive-network [data-network-name]').textContent(), 'Local Chain A');
    await inModal(page, '.receive [data-action="copy"]').click();
    await inModal(page, '[part="toast"]').waitFor();
    assert.equal(await inModal(page, '[part="toast"]').textContent(), 'Address copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), ACCOUNT_0);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Receive');
  });
});
