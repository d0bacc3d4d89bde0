import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { codeIn } from '../../devstack/mail-capture.js';
import type { Stack } from '../../devstack/stack.js';
import { inModal, openModal, waitForEvent } from './harness.js';

/** Email login on the demo page against the stack's secure service: the codes read from the captured mail. */
export function emailHelpers(stack: () => Stack) {
  let n = 0;
  const newEmail = () => `visitor${Date.now()}-${(n += 1)}@example.test`;
  /** Turns email login on (features email, auth-url) as a site owner would. */
  const useEmail = (page: Page) =>
    page.evaluate((url) => {
      const el = document.querySelector('wallet-connect-modal')!;
      el.setAttribute('features', `${el.getAttribute('features') ?? ''},email`);
      el.setAttribute('auth-url', url);
    }, stack().login.url);
  const mailsTo = (email: string) => stack().login.mail!.messages().filter((m) => m.to.includes(email));
  /** The code in the n-th mail to `email` (waited for, 10 s at most). */
  async function codeFor(email: string, nth = 1): Promise<string> {
    for (let i = 0; i < 100 && mailsTo(email).length < nth; i += 1) await new Promise((r) => setTimeout(r, 100));
    const mail = mailsTo(email)[nth - 1];
    assert.ok(mail, `a mail to ${email}`);
    return codeIn(mail)!;
  }
  const emailField = (page: Page) => inModal(page, '#auth-email');
  async function submitEmail(page: Page, email: string) {
    await emailField(page).fill(email);
    await inModal(page, '[data-action="email-continue"]').click();
  }
  /** Opens the modal and logs in with a fresh (or the given) email; resolves once both connections are made. */
  async function logIn(page: Page, email = newEmail()) {
    await useEmail(page);
    await openModal(page);
    await submitEmail(page, email);
    await inModal(page, '[data-view="EmailLogin"]').waitFor();
    await inModal(page, '#auth-code').fill(await codeFor(email));
    await waitForEvent(page, 'wallet-connect', 2);
    return email;
  }
  /** The secure frame of the page (inside the widget's shadow root). */
  const frame = async (page: Page): Promise<Frame> => {
    const { origin } = stack().login;
    for (let i = 0; i < 100; i += 1) {
      const found = page.frames().find((f) => f.url().startsWith(origin));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no secure frame');
  };
  return { newEmail, useEmail, mailsTo, codeFor, emailField, submitEmail, logIn, frame };
}
