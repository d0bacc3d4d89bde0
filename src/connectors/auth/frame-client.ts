/**
 * The widget's side of the secure frame (server/auth-frame/): an iframe on the `auth-url` origin, put inside
 * the widget's shadow root (nothing is added to the host document), spoken to by postMessage. Unlike the
 * hosted modal's frame client (docs/wire-formats.md#secure-frame), messages go only to the `auth-url` origin (never `*`), and
 * a message is taken only when it comes from that origin AND from this frame's window, has the frame's shape
 * (zod) and answers a request id we sent. Loading has 20 s, each request 120 s.
 */
import * as z from 'zod/mini';

export const FRAME_LOAD_TIMEOUT_MS = 20_000;
export const FRAME_REQUEST_TIMEOUT_MS = 120_000;

/** A refusal from the frame (`code`: an EIP-1193 number or the service's reason, e.g. 'wrong_code'), or ours. */
export class FrameError extends Error {
  override readonly name = 'FrameError';
  constructor(
    readonly code: number | string,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

// Built from the schema kinds the entry file already has (enum, custom), so this chunk adds no zod code to it.
const frameType = z.enum(['wcm-frame']);
const reply = z.union([
  z.strictObject({ type: frameType, id: z.string(), result: z.custom<unknown>() }),
  z.strictObject({
    type: frameType,
    id: z.string(),
    error: z.strictObject({ code: z.union([z.number(), z.string()]), message: z.string(), data: z.optional(z.custom<unknown>()) }),
  }),
  z.strictObject({ type: frameType, event: z.enum(['ready', 'approve']), open: z.optional(z.boolean()) }),
]);

export interface FrameClientOptions {
  /** The widget's `auth-url`; its origin is the only one spoken to and listened to. */
  authUrl: string;
  /** Where the iframe goes: inside the widget's shadow root. */
  container: ParentNode;
  /** The frame page under `authUrl`. Default 'frame'. */
  path?: string;
  loadTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** The visitor's language (BCP 47): the frame's pages are served in it. */
  lang?: string;
  /** The modal's theme when the site set one (`light` or `dark`): the frame's pages take its colour scheme. */
  theme?: 'light' | 'dark' | undefined;
  /** The iframe's accessible name, in that language. */
  title?: string;
  /** The frame wants to be shown (ApproveTransaction) or hidden again. */
  onApprove?: (open: boolean) => void;
}

export interface FrameClient {
  readonly iframe: HTMLIFrameElement;
  request(method: string, params?: unknown): Promise<unknown>;
  close(): void;
}

/** Loads the frame and resolves once it said it is ready; rejects with `iframe_load_failed` after the load timeout. */
export function openFrame({ authUrl, container, path = 'frame', loadTimeoutMs = FRAME_LOAD_TIMEOUT_MS, requestTimeoutMs = FRAME_REQUEST_TIMEOUT_MS, onApprove, lang, theme, title = 'Secure wallet' }: FrameClientOptions): Promise<FrameClient> {
  const base = new URL(authUrl, document.baseURI);
  const origin = base.origin;
  const src = new URL(path, base.href.endsWith('/') ? base : `${base.href}/`);
  src.searchParams.set('parent', location.origin);
  if (lang) src.searchParams.set('lang', lang);
  if (theme) src.searchParams.set('theme', theme);
  const iframe = document.createElement('iframe');
  iframe.src = src.href;
  iframe.title = title;
  iframe.hidden = true;
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: FrameError) => void; timer: ReturnType<typeof setTimeout> }>();
  let ready: (() => void) | undefined;
  let closed = false;

  const onMessage = (event: MessageEvent): void => {
    if (event.origin !== origin || event.source !== iframe.contentWindow) return;
    const parsed = reply.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    if ('event' in message) {
      if (message.event === 'ready') ready?.();
      else onApprove?.(message.open === true);
      return;
    }
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    clearTimeout(waiting.timer);
    if ('error' in message) waiting.reject(new FrameError(message.error.code, message.error.message, message.error.data));
    else waiting.resolve(message.result);
  };

  const close = (): void => {
    if (closed) return;
    closed = true;
    window.removeEventListener('message', onMessage);
    for (const [, waiting] of pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new FrameError('frame_closed', 'The secure frame was closed'));
    }
    pending.clear();
    iframe.remove();
  };

  const client: FrameClient = {
    iframe,
    request(method, params) {
      if (closed) return Promise.reject(new FrameError('frame_closed', 'The secure frame was closed'));
      const id = crypto.randomUUID();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new FrameError('iframe_request_timeout', `The secure frame did not answer within ${requestTimeoutMs / 1000} s`));
        }, requestTimeoutMs);
        pending.set(id, { resolve, reject, timer });
        iframe.contentWindow?.postMessage({ type: 'wcm-app', id, method, ...(params === undefined ? {} : { params }) }, origin);
      });
    },
    close,
  };

  window.addEventListener('message', onMessage);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      close();
      reject(new FrameError('iframe_load_failed', `The secure frame did not load within ${loadTimeoutMs / 1000} s`));
    }, loadTimeoutMs);
    ready = () => {
      ready = undefined;
      clearTimeout(timer);
      resolve(client);
    };
    container.append(iframe);
  });
}
