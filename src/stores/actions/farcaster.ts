import * as z from 'zod/mini';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import '../../core/messages-social.js';
import { reportError } from '../errors.js';
import { $farcasterLogin } from '../farcaster.js';
import { completeFarcasterLogin } from './auth.js';
import { ensureFrame } from './auth-frame.js';

/** How often the channel is asked about while the visitor approves in Farcaster (docs/specification.md#constants's one second). */
export const FARCASTER_POLL_MS = 1000;

const channel = z.object({ url: z.string(), channelToken: z.string() });
const status = z.union([z.object({ state: z.literal('pending') }), z.object({ state: z.literal('completed'), user: z.unknown() })]);

let current: { stopped: boolean } | undefined;

/**
 * Sign In With Farcaster through the secure frame: the service opens a channel on its auth relay (the link and
 * QR code shown), then is asked every second whether the Farcaster client approved; approved, the frame has the
 * session and the `auth` connections follow as for email login. A refusal, an expired channel or any failure
 * says "Failed to connect to farcaster" (and fires `wallet-error`). A second start supersedes the first.
 */
export async function startFarcasterLogin(): Promise<void> {
  stopFarcasterLogin();
  const run = { stopped: false };
  current = run;
  $farcasterLogin.set({ status: 'starting' });
  try {
    const client = await ensureFrame();
    if (run.stopped) return;
    const { url, channelToken } = channel.parse(await client.request('farcaster_start'));
    if (run.stopped) return;
    $farcasterLogin.set({ status: 'waiting', url });
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, FARCASTER_POLL_MS));
      if (run.stopped) return;
      const answer = status.parse(await client.request('farcaster_wait', { channelToken }));
      if (run.stopped) return;
      if (answer.state === 'completed') {
        $farcasterLogin.set({ status: 'signing-in', url });
        await completeFarcasterLogin(client, answer.user);
        if (current === run) current = undefined;
        return;
      }
    }
  } catch (cause) {
    if (run.stopped) return;
    current = undefined;
    const error = new WidgetError('CONNECT_FAILED', t('farcaster.failed'), { cause });
    reportError(error);
    $farcasterLogin.set({ status: 'error', error: error.shortMessage });
  }
}

/** Stops asking (the visitor left ConnectingFarcaster or closed the modal); nothing is requested after this. */
export function stopFarcasterLogin(): void {
  if (current) current.stopped = true;
  current = undefined;
}
