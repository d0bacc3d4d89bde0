import '../core/messages-siwx.js';
import * as z from 'zod/mini';
import { t, type MessageId } from '../core/messages.js';
import { timedRequest } from './http.js';

/**
 * The sign-in backend's email capture (docs/sign-in.md, DataCapture): `GET email-capture` says whether
 * a sign-in needs a confirmed email; `POST otp { email }` mails a code and answers a `uuid`; `PUT otp { code }`
 * with `x-otp: uuid` confirms it. The confirmed capture goes with the sign-in (`otp` field) once.
 */
export interface EmailCaptureApi {
  required(): Promise<boolean>;
  /** Mails a code to `email`; rejects with the visitor-facing reason. */
  start(email: string): Promise<void>;
  /** Confirms the mailed code; resolves with the confirmed email. */
  confirm(code: string): Promise<string>;
  /** The confirmed email and its uuid, until `spend()`. */
  confirmed(): { email: string; uuid: string } | undefined;
  spend(): void;
}

/** A refusal of the backend, with its message for the visitor. */
export class EmailCaptureError extends Error {
  constructor(readonly code: string) {
    super(t(REASONS[code] ?? 'dataCapture.failed'));
  }
}

const REASONS: Record<string, MessageId> = {
  invalid_email: 'dataCapture.invalidEmail',
  invalid_code: 'dataCapture.wrongCode',
  wrong_code: 'dataCapture.wrongCode',
  expired_code: 'dataCapture.expiredCode',
  unknown_otp: 'dataCapture.expiredCode',
  too_many_attempts: 'dataCapture.tooManyAttempts',
  resend_too_soon: 'dataCapture.resendTooSoon',
  rate_limited: 'dataCapture.resendTooSoon',
};

const started = z.object({ uuid: z.string(), email: z.string() });
const confirmedAnswer = z.object({ email: z.string() });

export function createEmailCaptureApi(base: string): EmailCaptureApi {
  const url = (path: string) => new URL(path, base.endsWith('/') ? base : `${base}/`);
  let pending: { uuid: string; email: string } | undefined;
  let done: { uuid: string; email: string } | undefined;
  let required: Promise<boolean> | undefined;
  const call = async <T>(path: string, schema: z.ZodMiniType<T>, init: RequestInit): Promise<T> => {
    let answer: { ok: boolean; status: number; body: unknown };
    try {
      answer = await timedRequest(url(path), { credentials: 'include', cache: 'no-store', ...init }, async (response) => ({
        ok: response.ok,
        status: response.status,
        body: await response.json().catch((cause: unknown) => { if ((cause as { name?: string }).name === 'AbortError') throw cause; return undefined; }) as unknown,
      }));
    } catch {
      // Unreachable, or no answer within the time limit.
      throw new EmailCaptureError('network');
    }
    const { body } = answer;
    if (!answer.ok) throw new EmailCaptureError(String((body as { error?: unknown } | undefined)?.error ?? answer.status));
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new EmailCaptureError('invalid_response');
    return parsed.data;
  };
  return {
    required: () =>
      (required ??= call('email-capture', z.object({ required: z.boolean() }), {}).then(
        (answer) => answer.required,
        () => false,
      )),
    async start(email) {
      pending = await call('otp', started, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
      done = undefined;
    },
    async confirm(code) {
      if (!pending) throw new EmailCaptureError('unknown_otp');
      const answer = await call('otp', confirmedAnswer, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-otp': pending.uuid }, body: JSON.stringify({ code }) });
      done = { uuid: pending.uuid, email: answer.email };
      pending = undefined;
      return answer.email;
    },
    confirmed: () => done,
    spend() {
      done = undefined;
    },
  };
}
