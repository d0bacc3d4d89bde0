import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { type EmailCaptureApi, createEmailCaptureApi } from '../../services/email-capture-api.js';
import { $config } from '../config.js';
import { resetRoute } from '../route.js';

/**
 * DataCapture (docs/sign-in.md): when the sign-in backend requires it, the visitor's email is confirmed
 * by a mailed code before SIWXSignMessage, and the sign-in message then names it (`email:<address>` in its
 * resources). Part of the lazily loaded sign-in chunk.
 */
let cached: { url: string; api: EmailCaptureApi } | undefined;

export function emailCapture(): EmailCaptureApi {
  const url = $config.get().siwxUrl;
  if (!url) throw new WidgetError('SIWX_NOT_ENABLED', t('siwx.notEnabled'));
  if (cached?.url !== url) cached = { url, api: createEmailCaptureApi(url) };
  return cached.api;
}

/** The resources a sign-in message carries: the confirmed email, when there is one. */
export function captureResources(): string[] | undefined {
  const confirmed = cached?.api.confirmed();
  return confirmed ? [`email:${confirmed.email}`] : undefined;
}

/** The sign-in's extra form fields: the confirmed capture's uuid (`otp`). */
export function captureFields(): Record<string, string> {
  const confirmed = cached?.api.confirmed();
  return confirmed ? { otp: confirmed.uuid } : {};
}

/** Whether SIWXSignMessage must wait for DataCapture: offered (`siwx-email-capture`), required by the backend, no confirmed email yet. */
export async function needsCapture(): Promise<boolean> {
  // Only a site that said its backend offers it (`siwx-email-capture`) is asked: other Auth.js backends answer 400/404.
  if (!$config.get().siwxEmailCapture) return false;
  const api = emailCapture();
  return !api.confirmed() && (await api.required());
}

/** DataCapture's last step: the code confirmed, on to SIWXSignMessage. */
export async function confirmCapture(code: string): Promise<void> {
  await emailCapture().confirm(code);
  resetRoute({ view: 'SIWXSignMessage' });
}
