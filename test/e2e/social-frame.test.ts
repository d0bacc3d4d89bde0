// Social login on the secure service in Chromium, driven from a raw host page (no widget): the popup on the
// service goes to the oidc-provider stand-in, the visitor logs in and consents, the popup posts its ticket to
// the opener (only to the allowlisted site) and closes; the frame redeems the ticket and has the session.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Hono } from 'hono';
import { type Browser, type Page, chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startOidcStandIn, type OidcStandIn } from '../../devstack/oidc-standin.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { listen, type Listening } from '../../server/listen.js';

let mail: MailCapture;
let frame: AuthFrameServer;
let oidc: OidcStandIn | undefined;
let site: Listening;
let browser: Browser;

before(async () => {
  const host = new Hono();
  host.get('/', (c) => c.html('<!doctype html><html lang="en"><title>host</title><main><h1>Host</h1><button id="go">Google</button></main></html>'));
  site = await listen(host.fetch, { host: '127.0.0.1', port: 0, service: 'host page' });
  mail = await startMailCapture();
  frame = await startAuthFrame({ allowedOrigins: [site.url], smtpUrl: mail.smtpUrl, masterKey: randomBytes(32).toString('hex'), socialProviders: () => oidc?.providers ?? {}, log: () => {} });
  oidc = await startOidcStandIn({ serviceOrigin: new URL(frame.url).origin });
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
});
after(async () => {
  await browser?.close();
  await Promise.all([frame?.stop(), mail?.stop(), site?.stop(), oidc?.stop()]);
});

/** The host page embeds the frame and listens for the popup's result; `#go` opens the popup from a click. */
async function prepare(page: Page, state: string): Promise<void> {
  await page.goto(site.url);
  const authOrigin = new URL(frame.url).origin;
  await page.evaluate(
    ([frameSrc, popupSrc, origin]) =>
      new Promise<void>((resolve) => {
        const w = window as unknown as { __results: unknown[]; __popup: Window | null; __send: (method: string, params?: unknown) => Promise<unknown> };
        w.__results = [];
        const iframe = document.createElement('iframe');
        iframe.src = frameSrc;
        iframe.title = 'Secure wallet';
        const pending = new Map<string, (reply: unknown) => void>();
        window.addEventListener('message', (event) => {
          if (event.origin !== origin) return;
          if (event.source === iframe.contentWindow) {
            const reply = event.data as { id?: string; event?: string };
            if (reply.event === 'ready') resolve();
            if (reply.id) pending.get(reply.id)?.(reply);
          } else if (event.source === w.__popup) w.__results.push(event.data);
        });
        let next = 0;
        w.__send = (method, params) =>
          new Promise((done) => {
            const id = `r${(next += 1)}`;
            pending.set(id, done);
            iframe.contentWindow!.postMessage({ type: 'wcm-app', id, method, params }, origin);
          });
        document.getElementById('go')!.addEventListener('click', () => {
          w.__popup = window.open(popupSrc, 'wcm-social', 'popup=yes,width=600,height=800');
        });
        document.querySelector('main')!.append(iframe);
      }),
    [`${frame.url}frame?parent=${encodeURIComponent(site.url.replace(/\/$/, ''))}`, `${frame.url}social/google/start?parent=${encodeURIComponent(site.url.replace(/\/$/, ''))}&state=${state}`, authOrigin] as const,
  );
}

const send = (page: Page, method: string, params?: unknown) =>
  page.evaluate(([m, p]) => (window as unknown as { __send: (method: string, params?: unknown) => Promise<unknown> }).__send(m as string, p), [method, params] as const);

describe('social login through the popup, in Chromium', () => {
  it('logs in at the stand-in provider; the popup posts the ticket to the site and closes; the frame has the session', async () => {
    const context = await browser.newContext();
    // The stand-in's devInteractions pages @import a web font; offline that only stalls them.
    await context.route('https://fonts.googleapis.com/**', (route) => route.abort());
    const page = await context.newPage();
    try {
      const state = randomBytes(16).toString('base64url');
      await prepare(page, state);
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#go')]);
      await popup.fill('input[name=login]', 'erin');
      await popup.fill('input[name=password]', 'any');
      await popup.click('button[type=submit]');
      await popup.click('button:has-text("Continue")');
      await popup.waitForEvent('close');
      const results = (await page.evaluate(() => (window as unknown as { __results: { type: string; state: string; ticket: string }[] }).__results)) as { type: string; state: string; ticket: string }[];
      assert.equal(results.length, 1);
      assert.equal(results[0]!.type, 'wcm-social');
      assert.equal(results[0]!.state, state);
      const complete = (await send(page, 'social_complete', { ticket: results[0]!.ticket })) as { result: { email: string; socialProvider: string; address: string } };
      assert.equal(complete.result.email, 'erin@google.test');
      assert.equal(complete.result.socialProvider, 'google');
      assert.deepEqual(((await send(page, 'get_user')) as { result: unknown }).result, complete.result);
      const again = (await send(page, 'social_complete', { ticket: results[0]!.ticket })) as { error: { code: string } };
      assert.equal(again.error.code, 'invalid_ticket');
    } finally {
      await context.close();
    }
  });
});
