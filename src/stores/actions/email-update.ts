import * as z from 'zod/mini';
import { isEmail } from '../../core/email.js';
import { t } from '../../core/messages.js';
import '../../core/messages-auth.js';
import { $authUser } from '../auth.js';
import { $emailUpdate } from '../email-update.js';
import { type Route, replaceRoute } from '../route.js';
import { showToast } from '../toasts.js';
import { authUser, messageFor } from './auth.js';
import { ensureFrame } from './auth-frame.js';

type UpdateRoute = Extract<Route, { view: 'UpdateEmailWallet' }>;

/** How often the service is asked whether the change is done (docs/specification.md#constants: email update polling every 1 s). */
export const EMAIL_UPDATE_POLL_MS = 1000;

const started = z.object({ email: z.string(), newEmail: z.string() });
const status = z.object({ status: z.string(), email: z.optional(z.string()) });

let run: { stopped: boolean } | undefined;

/** Stops waiting on a change (the visitor left UpdateEmailWallet); nothing is asked after this. */
export function stopEmailUpdate(): void {
  if (run) run.stopped = true;
  run = undefined;
  $emailUpdate.set({});
}

/** The new email: refused here when malformed or the same; else the service mails a code to the CURRENT address. */
export async function startEmailUpdate(raw: string): Promise<void> {
  const newEmail = raw.trim();
  if (!isEmail(newEmail)) return $emailUpdate.set({ error: t('auth.invalidEmail') });
  if ($emailUpdate.get().busy) return;
  try {
    const user = authUser();
    if (!user.email) return $emailUpdate.set({ error: t('emailUpdate.noEmail') });
    if (user.email.toLowerCase() === newEmail.toLowerCase()) return $emailUpdate.set({ error: t('emailUpdate.sameEmail') });
    $emailUpdate.set({ busy: 'sending' });
    const answer = started.parse(await (await ensureFrame()).request('email_update_start', { email: newEmail }));
    $emailUpdate.set({});
    replaceRoute({ view: 'UpdateEmailWallet', step: 'current', email: answer.email, newEmail: answer.newEmail });
  } catch (error) {
    $emailUpdate.set({ error: messageFor(error) });
  }
}

/** Mails the code to the current address again (starting the change anew, as the service does). */
export async function resendEmailUpdate(route: UpdateRoute): Promise<void> {
  if ($emailUpdate.get().busy || !route.newEmail) return;
  $emailUpdate.set({ busy: 'sending' });
  try {
    await (await ensureFrame()).request('email_update_start', { email: route.newEmail });
    $emailUpdate.set({ notice: t('auth.resent') });
  } catch (error) {
    $emailUpdate.set({ error: messageFor(error) });
  }
}

/**
 * A code of the change: the current address's (then the new address gets one), or the new address's (then the
 * change is made, and the service is asked every second until it says done; the Account view shows the new email).
 */
export async function verifyEmailUpdateCode(route: UpdateRoute, raw: string): Promise<void> {
  const code = raw.replace(/\s/g, '');
  if (!/^\d{6}$/.test(code)) return $emailUpdate.set({ error: t('auth.invalidCode') });
  if ($emailUpdate.get().busy) return;
  $emailUpdate.set({ busy: 'verifying' });
  const mine = { stopped: false };
  run = mine;
  try {
    const client = await ensureFrame();
    if (route.step === 'current') {
      await client.request('email_update_verify_current', { code });
      if (mine.stopped) return;
      $emailUpdate.set({});
      replaceRoute({ ...route, step: 'new' });
      return;
    }
    await client.request('email_update_verify_new', { code });
    $emailUpdate.set({ busy: 'finishing' });
    for (;;) {
      if (mine.stopped) return;
      const answer = status.parse(await client.request('email_update_status'));
      if (mine.stopped) return;
      if (answer.status === 'done' && answer.email) {
        const user = $authUser.get();
        if (user) $authUser.set({ ...user, email: answer.email });
        $emailUpdate.set({});
        replaceRoute({ view: 'Account' });
        showToast('success', t('emailUpdate.done', { email: answer.email }));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, EMAIL_UPDATE_POLL_MS));
    }
  } catch (error) {
    if (!mine.stopped) $emailUpdate.set({ error: messageFor(error) });
  } finally {
    if (run === mine) run = undefined;
  }
}
