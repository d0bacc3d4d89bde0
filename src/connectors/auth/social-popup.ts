/**
 * The social-login popup (docs/specification.md#states, §9): opened SYNCHRONOUSLY from the click (else the browser blocks it),
 * 600×800, on the secure service (`auth-url`): `/social/<provider>/start?parent=<this site>&state=<random>`.
 * The service's last page posts `{ type: 'wcm-social', state, ticket | error }` to this site; it is taken only
 * from the `auth-url` origin AND from this popup's window AND with the `state` made here. Every second the
 * popup is checked: closed before a result means "Popup closed". The ticket goes to the frame
 * (`social_complete`), which turns it into the frame's session.
 */
import * as z from 'zod/mini';

export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 800;
export const POPUP_CHECK_MS = 1000;
/** After the popup is seen closed, a result it posted just before closing may still be queued. */
const CLOSED_GRACE_MS = 200;

/**
 * Why a social login did not finish: `popup_blocked` (window.open gave nothing: offer a button), `popup_closed`,
 * `cancelled` (we closed it), or the service's reason (`unknown_provider`, `access_denied`, `state_mismatch`, …).
 */
export class SocialLoginError extends Error {
  override readonly name = 'SocialLoginError';
  constructor(readonly code: string) {
    super(code);
  }
}

/** Reasons raised before the provider was reached: docs/specification.md#errors "Failed to initiate social connection". */
export const INITIATE_ERRORS: readonly string[] = ['popup_blocked', 'unknown_provider', 'forbidden_parent', 'invalid_request', 'provider_unavailable'];

// One object with optional fields rather than a union of two: z.union and z.literal would add to the entry file
// (zod is shared with it), z.strictObject and z.enum are there already. Exactly one of ticket and error is checked below.
const result = z.strictObject({
  type: z.enum(['wcm-social']),
  state: z.string(),
  ticket: z.optional(z.string().check(z.minLength(16), z.maxLength(256))),
  error: z.optional(z.string().check(z.maxLength(64))),
});

export interface SocialPopupOptions {
  /** The widget's `auth-url`. */
  authUrl: string;
  provider: string;
  /** The start page under `authUrl`; default `social/<provider>/start`. */
  path?: string;
  checkMs?: number;
  /** window.open, replaceable in unit tests. */
  open?: (url: string, target: string, features: string) => Window | null;
}

export interface SocialPopup {
  /** null when the browser blocked it (then `result` rejects with `popup_blocked`). */
  readonly popup: Window | null;
  /** The ticket for the frame's `social_complete`. */
  readonly result: Promise<{ ticket: string }>;
  /** Stops waiting and closes the popup (modal closed, back). */
  cancel(): void;
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Call inside the click handler, before any await. */
export function openSocialPopup({ authUrl, provider, path, checkMs = POPUP_CHECK_MS, open = (url, target, features) => window.open(url, target, features) }: SocialPopupOptions): SocialPopup {
  const base = new URL(authUrl, document.baseURI);
  const origin = base.origin;
  const state = randomState();
  const url = new URL(path ?? `social/${encodeURIComponent(provider)}/start`, base.href.endsWith('/') ? base : `${base.href}/`);
  url.searchParams.set('parent', location.origin);
  url.searchParams.set('state', state);
  const left = Math.max(0, Math.round((window.screenX ?? 0) + ((window.outerWidth || POPUP_WIDTH) - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round((window.screenY ?? 0) + ((window.outerHeight || POPUP_HEIGHT) - POPUP_HEIGHT) / 2));
  const popup = open(url.href, 'wcm-social', `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);

  let finish: (error: SocialLoginError | undefined, ticket?: string) => void = () => undefined;
  const resultPromise = new Promise<{ ticket: string }>((resolve, reject) => {
    if (!popup) {
      reject(new SocialLoginError('popup_blocked'));
      return;
    }
    let settled = false;
    const onMessage = (event: MessageEvent): void => {
      if (event.origin !== origin || event.source !== popup) return;
      const parsed = result.safeParse(event.data);
      if (!parsed.success || parsed.data.state !== state) return;
      const { ticket, error } = parsed.data;
      if ((ticket === undefined) === (error === undefined)) return;
      finish(error === undefined ? undefined : new SocialLoginError(error), ticket);
    };
    const timer = setInterval(() => {
      if (popup.closed) setTimeout(() => finish(new SocialLoginError('popup_closed')), CLOSED_GRACE_MS);
    }, checkMs);
    finish = (error, ticket) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      window.removeEventListener('message', onMessage);
      if (error) reject(error);
      else resolve({ ticket: ticket! });
    };
    window.addEventListener('message', onMessage);
  });
  return {
    popup,
    result: resultPromise,
    cancel: () => {
      finish(new SocialLoginError('cancelled'));
      if (popup && !popup.closed) popup.close();
    },
  };
}
