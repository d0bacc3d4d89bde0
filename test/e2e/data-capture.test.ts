import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeIn } from '../../devstack/mail-capture.js';
import { ACCOUNT_0, connectDevWallet, inModal, seriousA11yViolations, seriousA11yViolationsEverywhere, useE2E, waitForEvent } from './harness.js';
import { emailHelpers } from './email-support.js';
import { siwxHelpers } from './siwx-support.js';

/**
 * DataCapture with an extension wallet (the dev wallet): the stack's sign-in backend requires an email
 * (`authEmailCapture`), so after connecting the modal asks for one, confirms it with the code from the captured
 * mail, and only then signs in; the signed message names `email:<address>` in its resources.
 */
describe('DataCapture then sign-in (siwx-url with a backend requiring an email)', () => {
  const e2e = useE2E({ authEmailCapture: true });
  const { useSiwx, signView, signPrompt, backendSession } = siwxHelpers(() => e2e.stack.authUrl);
  const { logIn, frame } = emailHelpers(() => e2e.stack);
  const captureView = (page: Parameters<typeof inModal>[0]) => inModal(page, '[data-view="DataCapture"]');

  it('captures and confirms an email by code, then signs a message whose resources carry email:<address>', async () => {
    const { page } = await e2e.open();
    const posted: string[] = [];
    page.on('request', (request) => { if (request.url().endsWith('/callback/credentials')) posted.push(request.postData() ?? ''); });
    await useSiwx(page, { 'siwx-email-capture': '' });
    await connectDevWallet(page);

    const view = captureView(page);
    await view.waitFor();
    assert.equal(await signView(page).count(), 0);
    assert.deepEqual(await seriousA11yViolationsEverywhere(page), []);
    await view.getByLabel('Email').fill('Carol@Example.test');
    const since = Date.now();
    await view.locator('[data-action="capture-email"]').click();
    const letter = await e2e.stack.login.mail!.waitFor('carol@example.test', { since });
    const code = codeIn(letter)!;
    const codeField = view.getByLabel('Enter the code sent to carol@example.test');
    await codeField.waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);

    await codeField.fill(code === '000000' ? '000001' : '000000');
    await view.locator('[data-action="capture-code"]').click();
    await view.getByRole('alert').filter({ hasText: 'Invalid code' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);

    await codeField.fill(code);
    await view.locator('[data-action="capture-code"]').click();
    await signView(page).locator('[data-action="sign"]').click();
    await signPrompt(page, 'approve').click();
    await waitForEvent(page, 'wallet-session');
    const session = (await backendSession(page)) as { address: string };
    assert.equal(session.address, ACCOUNT_0);
    assert.equal(posted.length, 1);
    const fields = new URLSearchParams(posted[0]);
    assert.match(fields.get('otp') ?? '', /^[0-9a-f-]{36}$/);
    assert.match(fields.get('message') ?? '', /\nResources:\n- email:carol@example\.test$/);
  });

  it('a backend refusing the sign-in for want of the email ("OTP is required") goes back to DataCapture', async () => {
    const { page } = await e2e.open();
    // The post loses its otp field on the way, as when the capture lapsed at the backend.
    await page.route('**/callback/credentials', (route) => {
      const fields = new URLSearchParams(route.request().postData() ?? '');
      fields.delete('otp');
      return route.continue({ postData: fields.toString() });
    });
    await useSiwx(page, { 'siwx-email-capture': '' });
    await connectDevWallet(page);
    const view = captureView(page);
    await view.getByLabel('Email').fill('dave@example.test');
    const since = Date.now();
    await view.locator('[data-action="capture-email"]').click();
    const code = codeIn(await e2e.stack.login.mail!.waitFor('dave@example.test', { since }))!;
    await view.getByLabel('Enter the code sent to dave@example.test').fill(code);
    await view.locator('[data-action="capture-code"]').click();
    await signView(page).locator('[data-action="sign"]').click();
    await signPrompt(page, 'approve').click();
    await captureView(page).getByText('Something went wrong. We need to verify your account again.').waitFor();
    assert.equal(await backendSession(page), null);
    assert.deepEqual(await seriousA11yViolations(page), []);
  });

  it('an email login: its email is filled in; confirmed by the code, the embedded wallet signs in after approval in the frame', async () => {
    const { page } = await e2e.open();
    await useSiwx(page, { 'siwx-email-capture': '' });
    const email = await logIn(page);
    const view = captureView(page);
    await view.waitFor();
    assert.equal(await view.getByLabel('Email').inputValue(), email);
    const since = Date.now();
    await view.locator('[data-action="capture-email"]').click();
    const code = codeIn(await e2e.stack.login.mail!.waitFor(email, { since }))!;
    await view.getByLabel(`Enter the code sent to ${email}`).fill(code);
    await view.locator('[data-action="capture-code"]').click();
    await signView(page).locator('[data-action="sign"]').click();
    const secure = await frame(page);
    await secure.getByText(`email:${email}`).waitFor();
    await secure.getByRole('button', { name: 'Approve' }).click();
    assert.equal(((await waitForEvent(page, 'wallet-session')) as { status: string }).status, 'authenticated');
    const session = (await backendSession(page)) as { address: string };
    assert.equal(session.address, (await page.evaluate(() => document.querySelector('wallet-connect-modal')!.state.connections.find((c) => c.namespace === 'eip155')!.address)));
  });
});
