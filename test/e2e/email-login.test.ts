// The widget side of email login: the demo page against the stack's secure service (its own origin)
// and mail capture. The code is read from the captured mail; signatures are approved in the frame.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyMessage } from 'viem';
import { events, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent, widgetState } from './harness.js';
import { emailHelpers } from './email-support.js';
import { siwxHelpers } from './siwx-support.js';

describe('email login (auth-url, features=email)', () => {
  const e2e = useE2E();
  const { useSiwx, signView, backendSession } = siwxHelpers(() => e2e.stack.authUrl);
  const { newEmail, useEmail, mailsTo, codeFor, emailField, submitEmail, logIn, frame } = emailHelpers(() => e2e.stack);

  it('email → code from the mail → EVM and Solana connections of type auth; Account shows the email; axe clean', async () => {
    const { page } = await e2e.open();
    await useEmail(page);
    await openModal(page);
    await emailField(page).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);
    const email = newEmail();
    await submitEmail(page, email);
    await inModal(page, '[data-view="EmailLogin"]').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Confirm Email');
    assert.equal(await inModal(page, '#code-sent').textContent(), `Enter the 6-digit code we sent to ${email}`);
    assert.deepEqual(await seriousA11yViolations(page), []);
    await inModal(page, '#auth-code').fill(await codeFor(email));
    await waitForEvent(page, 'wallet-connect', 2);
    const connects = (await events(page, 'wallet-connect')).map((e) => e.detail as { namespace: string; address: string; connector: { type: string; id: string } });
    assert.deepEqual(connects.map((c) => [c.namespace, c.connector.type]).sort(), [['eip155', 'auth'], ['solana', 'auth']]);
    assert.match(connects.find((c) => c.namespace === 'eip155')!.address, /^0x[0-9a-fA-F]{40}$/);
    assert.match(connects.find((c) => c.namespace === 'solana')!.address, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const state = await widgetState(page);
    assert.deepEqual([state.user, state.socialProvider], [{ email, accounts: ['eip155', 'solana'].map((namespace) => ({ namespace, address: connects.find((c) => c.namespace === namespace)!.address, type: 'eoa' })) }, undefined]);
    // The iframe is in the widget's shadow root: none in the host document.
    assert.equal(await page.evaluate(() => document.querySelectorAll('iframe').length), 0);
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'Account' }));
    await inModal(page, '[part="account-email"]').filter({ hasText: `Signed in as ${email}` }).waitFor();
  });

  it('a malformed email is refused before anything is sent; a wrong code and a resend too soon say so', async () => {
    const { page } = await e2e.open();
    await useEmail(page);
    await openModal(page);
    await submitEmail(page, 'not-an-email@');
    await inModal(page, '[data-auth-error]').filter({ hasText: 'Enter a valid email address.' }).waitFor();
    assert.equal(mailsTo('not-an-email@').length, 0);
    const email = newEmail();
    await submitEmail(page, email);
    await inModal(page, '[data-view="EmailLogin"]').waitFor();
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    await inModal(page, '#auth-code').fill(wrong);
    await inModal(page, '[data-auth-error]').filter({ hasText: 'Wrong code. 4 attempts left.' }).waitFor();
    await inModal(page, '[data-action="resend"]').click();
    await inModal(page, '[data-auth-error]').filter({ hasText: /^Wait \d+ s before asking for a new code\.$/ }).waitFor();
    assert.equal(mailsTo(email).length, 1);
  });

  it('host personal_sign: Approve in the frame (viem verifies), Reject gives 4001; ApproveTransaction axe clean; the frame in the modal\'s dark theme', async () => {
    const { page } = await e2e.open();
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.setAttribute('theme', 'dark'));
    await logIn(page);
    const address = (await widgetState(page)).connections.find((c) => c.namespace === 'eip155')!.address as `0x${string}`;
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.state.open), false);
    const signing = page.evaluate(
      ([from]) => document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x68656c6c6f', from] }),
      [address],
    );
    // The closed modal opens on ApproveTransaction, the frame showing the request.
    await inModal(page, 'dialog[open] [data-view="ApproveTransaction"]').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Approve Transaction');
    const secure = await frame(page);
    await secure.getByRole('button', { name: 'Approve' }).waitFor();
    assert.equal(await inModal(page, 'iframe.auth-frame').isVisible(), true);
    // The site chose the dark theme (the system is light): the frame's page is dark too, on the modal's own dark
    // background (a page of the system's light scheme showed a white seam inside the dark modal).
    assert.deepEqual(await secure.evaluate(() => [document.documentElement.dataset.theme, getComputedStyle(document.documentElement).colorScheme, getComputedStyle(document.documentElement).backgroundColor]), ['dark', 'dark', 'rgb(24, 25, 27)']);
    assert.deepEqual(await seriousA11yViolations(page), []);
    await secure.getByRole('button', { name: 'Approve' }).click();
    const signature = (await signing) as `0x${string}`;
    assert.equal(await verifyMessage({ address, message: 'hello', signature }), true);
    // Back to where it was: closed.
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.state.open);

    const refused = page.evaluate(
      ([from]) =>
        document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x68656c6c6f', from] }).then(
          () => 'signed',
          (error: { code?: unknown }) => error.code,
        ),
      [address],
    );
    await secure.getByRole('button', { name: 'Reject' }).click();
    assert.equal(await refused, 4001);

    // Closing the modal while the frame asks is a refusal too: 4001 to the host, and the frame asks no more.
    const closed = page.evaluate(
      ([from]) =>
        document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x68656c6c6f', from] }).then(
          () => 'signed',
          (error: { code?: unknown }) => error.code,
        ),
      [address],
    );
    await secure.getByRole('button', { name: 'Approve' }).waitFor();
    await inModal(page, '[part="close-button"]').click();
    assert.equal(await closed, 4001);
    await secure.getByRole('button', { name: 'Approve' }).waitFor({ state: 'detached' });
    assert.equal(await inModal(page, 'iframe.auth-frame').isVisible(), false);
  });

  it('a reload restores the login silently; disconnect signs out of the frame and ends both sides', async () => {
    const { page } = await e2e.open();
    const email = await logIn(page);
    // As a page whose HTML has the attributes: set as the element is parsed, before it upgrades and restores.
    await page.context().addInitScript((url) => {
      new MutationObserver((_, observer) => {
        const el = document.querySelector('wallet-connect-modal');
        if (!el) return;
        observer.disconnect();
        el.setAttribute('features', `${el.getAttribute('features') ?? ''},email`);
        el.setAttribute('auth-url', url);
      }).observe(document, { childList: true, subtree: true });
    }, e2e.stack.login.url);
    await page.reload();
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state?.connections.length === 2);
    const state = await widgetState(page);
    assert.deepEqual(state.connections.map((c) => c.connector.type), ['auth', 'auth']);
    assert.equal(state.open, false);
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'Account' }));
    await inModal(page, '[part="account-email"]').filter({ hasText: email }).waitFor();
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.disconnect());
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.connections.length === 0);
    // Signed out at the service: a reload restores nothing.
    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined);
    assert.equal((await widgetState(page)).status, 'disconnected');
  });

  /**
   * A returning email visitor is the exception to "nothing before open" beside WalletConnect: the session lives
   * only in the secure frame's origin, so the restore loads the frame (and the modal's views, which hold it) at
   * page load to ask it whether the visitor is still signed in. Pinned here: the page's own files and the
   * auth-url's origin, nothing else (no RPC, no other service), and the modal stays closed.
   */
  it('a returning visitor: before open, only the widget\'s own files and the auth-url origin are asked for', async () => {
    const { page, requests } = await e2e.open();
    await logIn(page);
    await page.context().addInitScript((url) => {
      new MutationObserver((_, observer) => {
        const el = document.querySelector('wallet-connect-modal');
        if (!el) return;
        observer.disconnect();
        el.setAttribute('features', `${el.getAttribute('features') ?? ''},email`);
        el.setAttribute('auth-url', url);
      }).observe(document, { childList: true, subtree: true });
    }, e2e.stack.login.url);
    requests.length = 0;
    await page.reload();
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state?.connections.length === 2);
    await page.waitForLoadState('networkidle');
    const own = new URL(e2e.stack.url).origin;
    const frameOrigin = new URL(e2e.stack.login.url).origin;
    const origins = [...new Set(requests.map((url) => new URL(url).origin))].sort();
    assert.deepEqual(origins, [own, frameOrigin].sort());
    assert.ok(requests.some((url) => /\/dist\/chunks\/modal-view-[\w-]+\.js$/.test(url)), 'the views load for the frame');
    assert.equal((await widgetState(page)).open, false);
  });

  it('Update email: a code to the current address, then one to the new; the same wallet under the new email; a wrong code says so', async () => {
    const { page } = await e2e.open();
    const email = await logIn(page);
    const address = (await widgetState(page)).connections.find((c) => c.namespace === 'eip155')!.address;
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'Account' }));
    await inModal(page, '[data-action="update-email"]').click();
    await inModal(page, '#update-email').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Edit Email');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: the new email');
    await inModal(page, '#update-email').fill(email);
    await inModal(page, '[data-action="update-email"]').click();
    assert.equal(await inModal(page, '[data-auth-error]').textContent(), 'This is already your email.');
    const changed = newEmail();
    await inModal(page, '#update-email').fill(changed);
    await inModal(page, '[data-action="update-email"]').click();
    await inModal(page, '[data-step="current"]').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Confirm Current Email');
    assert.equal(await inModal(page, '#update-code-sent').textContent(), `To change your email, enter the 6-digit code we sent to your current address, ${email}`);
    // The current address's second mail (the first was the login code).
    const current = await codeFor(email, 2);
    const wrong = current === '000000' ? '111111' : '000000';
    await inModal(page, '#update-code').fill(wrong);
    assert.equal(await inModal(page, '[data-auth-error]').textContent(), 'Wrong code. 4 attempts left.');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: a wrong code');
    await inModal(page, '#update-code').fill(current);
    await inModal(page, '[data-step="new"]').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Confirm New Email');
    assert.equal(await inModal(page, '#update-code-sent').textContent(), `Now enter the 6-digit code we sent to your new address, ${changed}`);
    await inModal(page, '#update-code').fill(await codeFor(changed));
    await inModal(page, '[part="account-email"]').filter({ hasText: `Signed in as ${changed}` }).waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Account');
    assert.equal((await widgetState(page)).connections.find((c) => c.namespace === 'eip155')!.address, address);
    const user = await e2e.stack.login.server.store.getUserByEmail(changed);
    assert.equal(user?.evmAddress, address);
  });

  it('sign-in with the embedded wallet (siwx-url): the EVM message shown and approved in the frame; the backend session names the address', async () => {
    const { page } = await e2e.open();
    await useSiwx(page);
    await logIn(page);
    const address = (await widgetState(page)).connections.find((c) => c.namespace === 'eip155')!.address;
    await signView(page).waitFor();
    await signView(page).locator('[data-action="sign"]').click();
    const secure = await frame(page);
    await secure.getByText(/wants you to sign in with your Ethereum account:/).waitFor();
    assert.equal(await secure.getByText(address).count() > 0, true, 'the frame shows the signing account');
    await secure.getByRole('button', { name: 'Approve' }).click();
    assert.equal(((await waitForEvent(page, 'wallet-session')) as { status: string }).status, 'authenticated');
    assert.equal(((await backendSession(page)) as { address: string }).address, address);
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
  });

  it('sign-in with the embedded wallet on its Solana account (default-network solana): the CAIP-122 message approved in the frame', async () => {
    const { page } = await e2e.open();
    const solana = await page.evaluate(() => document.querySelector('wallet-connect-modal')!.getAttribute('networks')!.split(',').find((id) => id.startsWith('solana:'))!);
    await page.evaluate((id) => document.querySelector('wallet-connect-modal')!.setAttribute('default-network', id), solana);
    await useSiwx(page);
    await logIn(page);
    const state = await widgetState(page);
    assert.equal(state.namespace, 'solana');
    const address = state.connections.find((c) => c.namespace === 'solana')!.address;
    await signView(page).locator('[data-action="sign"]').click();
    const secure = await frame(page);
    await secure.getByText(/wants you to sign in with your Solana account:/).waitFor();
    await secure.getByRole('button', { name: 'Approve' }).click();
    assert.equal(((await waitForEvent(page, 'wallet-session')) as { status: string }).status, 'authenticated');
    assert.equal(((await backendSession(page)) as { address: string }).address, address);
  });
});
