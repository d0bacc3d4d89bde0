// The widget's way to the key export: Account → Account settings → Export private keys opens the secure frame's
// panel over the modal; the code from the mail is typed in the frame and the keys are shown there only, never
// in the host document or the widget's shadow root.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';
import { inModal, seriousA11yViolations, useE2E, widgetState } from './harness.js';
import { emailHelpers } from './email-support.js';

describe('key export from Account settings (email login)', () => {
  const e2e = useE2E();
  const { newEmail, logIn, codeFor, frame } = emailHelpers(() => e2e.stack);

  it('shows the frame panel; the key appears in the frame only, after the mailed code', async () => {
    const { page } = await e2e.open();
    const email = newEmail();
    await logIn(page, email);
    const address = (await widgetState(page)).connections.find((c) => c.namespace === 'eip155')!.address;
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'Account' }));
    await inModal(page, '[data-action="account-settings"]').click();
    await inModal(page, '[data-view="AccountSettings"] [data-action="export-keys"]').waitFor();
    assert.equal(await inModal(page, '[data-action="export-keys"]').textContent(), 'Export private keys');
    assert.equal(
      await inModal(page, '[data-view="AccountSettings"] .hint').last().textContent(),
      `Export your private keys to use this wallet in another app. They are shown only in the secure window, after a code sent to ${email}.`,
    );
    await inModal(page, '[data-action="export-keys"]').click();

    await inModal(page, 'dialog[open] [data-view="ApproveTransaction"]').waitFor();
    const secure = await frame(page);
    await secure.getByRole('heading', { name: 'Export wallet keys' }).waitFor();
    assert.equal(await inModal(page, 'iframe.auth-frame').isVisible(), true);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: the export panel in the modal');
    await secure.getByRole('button', { name: 'Email me a code' }).click();
    await secure.getByLabel(`Enter the code we sent to ${email}`).fill(await codeFor(email, 2));
    await secure.getByRole('button', { name: 'Show keys' }).click();
    await secure.getByRole('button', { name: 'Reveal' }).first().click();
    const key = (await secure.locator('pre.secret').first().textContent()) as `0x${string}`;
    assert.equal(privateKeyToAccount(key).address, address);

    // Neither the host document nor the widget's shadow root holds it.
    const pageText = await page.evaluate(() => document.documentElement.outerHTML + (document.querySelector('wallet-connect-modal')!.shadowRoot?.innerHTML ?? ''));
    assert.ok(!pageText.includes(key.slice(2)));
    await secure.getByRole('button', { name: 'Done' }).click();
    await secure.getByRole('heading', { name: 'Export wallet keys' }).waitFor({ state: 'detached' });
    await inModal(page, '[data-view="AccountSettings"]').waitFor();
  });
});
