/**
 * The social-login pages of the secure service. The widget opens `/social/<provider>/start?parent=<site
 * origin>&state=<its own random state>` in a popup; the service sends it to the provider, takes it back at
 * `/social/<provider>/callback`, and the result page posts `{ type: 'wcm-social', state, ticket }` (or
 * `error`) to `window.opener`, with the allowlisted site origin as the only target, then closes. The widget
 * hands the ticket to its frame, which redeems it (`POST /api/social/complete`) for the frame's own session:
 * a popup's cookie would be first-party, and over https the frame's is partitioned by the embedding site.
 */
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { UserRecord } from './store.js';
import { CLIENT_STATE, FLOW_TTL_MS, SocialRefusal, type SocialError, type SocialService } from './social.js';

export interface SocialRoutesOptions {
  social: SocialService;
  origin: () => string;
  allowedOrigins: () => readonly string[];
  /** Opens a frame session for the user and sets its cookie (app.ts owns the cookie's shape). */
  signIn: (c: Context, userId: string) => Promise<void>;
  publicUser: (user: UserRecord) => unknown;
  log: (line: string) => void;
}

const FLOW_COOKIE = 'wcm_social';
const PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The popup's last page: it posts `message` to `parent` (when known) and closes; else it shows why. */
function resultPage(c: Context, status: 200 | 400 | 401 | 403 | 404 | 502, text: string, parent?: string, message?: object): Response {
  const data = parent && message ? ` data-parent="${escapeHtml(parent)}" data-message="${escapeHtml(JSON.stringify(message))}"` : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Social login</title>
<link rel="stylesheet" href="/frame.css"><script type="module" src="/social.js"></script></head>
<body${data}><main><p id="social-result">${escapeHtml(text)}</p></main></body>
</html>`;
  return c.html(html, status, { 'Content-Security-Policy': PAGE_POLICY });
}

const failed = (reason: SocialError): string => `Social login failed: ${reason}`;

export function mountSocialRoutes(app: Hono, options: SocialRoutesOptions): void {
  const { social } = options;
  const secure = (): boolean => options.origin().startsWith('https:');
  const callbackUrl = (provider: string): string => `${options.origin()}/social/${encodeURIComponent(provider)}/callback`;

  app.get('/social/:provider/start', async (c) => {
    const provider = c.req.param('provider');
    const parent = c.req.query('parent') ?? '';
    const allowed = options.allowedOrigins().map((origin) => new URL(origin).origin);
    // Without an allowlisted site there is nobody to tell: the page only says why.
    if (!allowed.includes(parent)) return resultPage(c, 403, failed('forbidden_parent'));
    const clientState = c.req.query('state') ?? '';
    if (!CLIENT_STATE.test(clientState)) return resultPage(c, 400, failed('invalid_request'));
    try {
      const { url, flow } = await social.start(provider, parent, clientState, callbackUrl(provider));
      setCookie(c, FLOW_COOKIE, flow, { path: '/social/', httpOnly: true, sameSite: 'Lax', secure: secure(), maxAge: Math.floor(FLOW_TTL_MS / 1000) });
      return c.redirect(url, 302);
    } catch (err) {
      if (!(err instanceof SocialRefusal)) throw err;
      return resultPage(c, err.status, failed(err.reason), parent, { type: 'wcm-social', state: clientState, error: err.reason });
    }
  });

  app.get('/social/:provider/callback', async (c) => {
    const provider = c.req.param('provider');
    let flow: ReturnType<SocialService['openFlow']>;
    try {
      flow = social.openFlow(provider, getCookie(c, FLOW_COOKIE));
    } catch (err) {
      if (!(err instanceof SocialRefusal)) throw err;
      return resultPage(c, err.status, failed(err.reason));
    }
    deleteCookie(c, FLOW_COOKIE, { path: '/social/', secure: secure() });
    const incoming = new URL(c.req.url);
    const current = new URL(`${incoming.pathname}${incoming.search}`, options.origin());
    try {
      const { ticket } = await social.finish(provider, flow, current);
      return resultPage(c, 200, 'Signed in. This window closes by itself.', flow.parent, { type: 'wcm-social', state: flow.clientState, ticket });
    } catch (err) {
      if (!(err instanceof SocialRefusal)) throw err;
      options.log(`social login with ${provider} refused: ${err.reason}`);
      return resultPage(c, err.status, failed(err.reason), flow.parent, { type: 'wcm-social', state: flow.clientState, error: err.reason });
    }
  });

  // The frame redeems the popup's ticket for its own session (same-origin only, like every /api/ call).
  app.post('/api/social/complete', async (c) => {
    let body: Record<string, unknown> = {};
    try {
      body = (await c.req.json()) as Record<string, unknown>;
    } catch {
      // an empty body is an invalid ticket
    }
    try {
      const user = await social.redeem(body?.ticket, body?.parent);
      await options.signIn(c, user.id);
      return c.json(options.publicUser(user) as object);
    } catch (err) {
      if (!(err instanceof SocialRefusal)) throw err;
      return c.json({ error: err.reason }, err.status);
    }
  });

  /** Which providers this service has, for the widget or an operator to check. */
  app.get('/social/providers', (c) => c.json({ providers: Object.keys(social.providers()) }));
}
