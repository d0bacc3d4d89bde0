// The secure frame in Chromium (server/auth-frame/public/frame.js), driven by raw postMessage from a host page
// on another origin: email login with the code read from the captured mail, personal_sign approved and
// rejected in the frame, messages from a wrong window ignored, frame-ancestors enforced, axe on the approval.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { Hono } from 'hono';
import { type Browser, type Page, chromium } from 'playwright-core';
import { stringToHex, verifyMessage, type Hex } from 'viem';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { codeIn, startMailCapture, type MailCapture } from '../../server/auth-frame/mail.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { listen, type Listening } from '../../server/listen.js';

let mail: MailCapture;
let frame: AuthFrameServer;
let allowed: Listening;
let stranger: Listening;
let browser: Browser;

before(async () => {
  const host = new Hono();
  host.get('/', (c) => c.html('<!doctype html><html lang="en"><title>host</title><main><h1>Host</h1></main></html>', 200, { 'content-security-policy': `default-src 'self'; frame-src 'self' ${new URL(frame.url).origin}` }));
  // A second window on the allowed origin that posts a forged request to the frame (its parent's first frame).
  host.get('/inner', (c) => c.html('<!doctype html><title>inner</title><script src="/inner.js"></script>'));
  host.get('/inner.js', (c) =>
    c.body(
      `const to = new URL(location.href).searchParams.get('to');
parent.frames[0].postMessage({ type: 'wcm-app', id: 'forged', method: 'email_start', params: { email: 'forged@example.test' } }, to);
parent.postMessage('forged-sent', location.origin);`,
      200,
      { 'content-type': 'text/javascript' },
    ),
  );
  mail = await startMailCapture();
  allowed = await listen(host.fetch, { host: '127.0.0.1', port: 0, service: 'host page' });
  stranger = await listen(host.fetch, { host: '127.0.0.1', port: 0, service: 'stranger page' });
  frame = await startAuthFrame({ allowedOrigins: [allowed.url], smtpUrl: mail.smtpUrl, masterKey: randomBytes(32).toString('hex') });
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
});
after(async () => {
  await browser?.close();
  await Promise.all([frame?.stop(), mail?.stop(), allowed?.stop(), stranger?.stop()]);
});

interface Reply {
  id?: string;
  event?: string;
  result?: unknown;
  error?: { code: number | string; message: string };
}

/** Opens `hostUrl`, embeds the frame (told its parent is `parent`), and installs `__send` / `__events`. */
async function embed(page: Page, hostUrl: string, parent = new URL(hostUrl).origin): Promise<void> {
  await page.goto(hostUrl);
  await page.evaluate(
    ([src, frameOrigin]) =>
      new Promise<void>((resolve) => {
        const w = window as unknown as { __events: Reply[]; __send: (method: string, params?: unknown) => Promise<Reply> };
        const iframe = document.createElement('iframe');
        iframe.src = src;
        iframe.title = 'Secure wallet';
        iframe.addEventListener('load', () => resolve(), { once: true });
        w.__events = [];
        const pending = new Map<string, (reply: Reply) => void>();
        window.addEventListener('message', (event) => {
          if (event.origin !== frameOrigin || event.source !== iframe.contentWindow) return;
          const reply = event.data as Reply;
          if (reply.event) w.__events.push(reply);
          if (reply.id) pending.get(reply.id)?.(reply);
        });
        let next = 0;
        w.__send = (method, params) =>
          new Promise((done) => {
            const id = `r${(next += 1)}`;
            pending.set(id, done);
            iframe.contentWindow!.postMessage({ type: 'wcm-app', id, method, params }, frameOrigin);
          });
        document.querySelector('main')!.append(iframe);
      }),
    [`${frame.url}frame?parent=${encodeURIComponent(parent)}`, new URL(frame.url).origin] as const,
  );
}

const send = (page: Page, method: string, params?: unknown): Promise<Reply> =>
  page.evaluate(([m, p]) => (window as unknown as { __send: (method: string, params?: unknown) => Promise<Reply> }).__send(m as string, p), [method, params] as const);

describe('the secure frame in Chromium', () => {
  it('logs in by mailed code, then signs personal_sign only when Approve is clicked; Reject is 4001', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await embed(page, allowed.url);
      await page.waitForFunction(() => (window as unknown as { __events: Reply[] }).__events.some((e) => e.event === 'ready'));
      assert.deepEqual(await send(page, 'get_user'), { type: 'wcm-frame', id: 'r1', result: null });

      const bad = await send(page, 'email_start', { email: 'nope' });
      assert.equal(bad.error?.code, 'invalid_email');
      const since = Date.now();
      assert.equal((await send(page, 'email_start', { email: 'visitor@example.test' })).error, undefined);
      const code = codeIn(await mail.waitFor('visitor@example.test', { since }));
      const verified = (await send(page, 'email_verify', { email: 'visitor@example.test', code })).result as { email: string; address: Hex };
      assert.equal(verified.email, 'visitor@example.test');
      // The frame keeps its session (a first-party cookie on 127.0.0.1).
      assert.deepEqual((await send(page, 'get_user')).result, verified);

      const message = 'Sign in to the shop\nNonce 7';
      const signing = send(page, 'rpc', { method: 'personal_sign', params: [stringToHex(message), verified.address] });
      signing.catch(() => undefined); // awaited below; a failure before that must not surface as unhandled
      const inFrame = page.frameLocator('iframe');
      await inFrame.getByRole('button', { name: 'Approve' }).waitFor();
      assert.equal(await inFrame.locator('pre').textContent(), message);
      assert.deepEqual((await new AxeBuilder({ page }).analyze()).violations.map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]), [], 'axe on ApproveTransaction');
      await inFrame.getByRole('button', { name: 'Approve' }).click();
      const signature = (await signing).result as Hex;
      assert.equal(await verifyMessage({ address: verified.address, message, signature }), true);
      assert.deepEqual(
        (await page.evaluate(() => (window as unknown as { __events: Reply[] }).__events)).map((e) => e.event),
        ['ready', 'approve', 'approve'],
      );

      const rejecting = send(page, 'rpc', { method: 'personal_sign', params: [stringToHex('no thanks'), verified.address] });
      rejecting.catch(() => undefined);
      await inFrame.getByRole('button', { name: 'Reject' }).click();
      assert.deepEqual((await rejecting).error, { code: 4001, message: 'User rejected the request.' });

      assert.equal((await send(page, 'sign_out')).result, null);
      assert.equal((await send(page, 'get_user')).result, null);
    } finally {
      await context.close();
    }
  });

  it('ignores a message from another window of the allowed origin', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await embed(page, allowed.url);
      // A second window of the same (allowed) origin, not the frame's parent, asks for a code.
      await page.evaluate(
        ([frameOrigin]) =>
          new Promise<void>((resolve) => {
            window.addEventListener('message', (event) => {
              if (event.data === 'forged-sent') resolve();
            });
            const inner = document.createElement('iframe');
            inner.src = `/inner?to=${encodeURIComponent(frameOrigin)}`;
            document.body.append(inner);
          }),
        [new URL(frame.url).origin] as const,
      );
      const since = Date.now();
      // A real request sent afterwards is answered and mailed; the forged one never is.
      assert.equal((await send(page, 'email_start', { email: 'real@example.test' })).error, undefined);
      await mail.waitFor('real@example.test', { since });
      assert.equal(mail.messages().some((m) => m.to.includes('forged@')), false);
    } finally {
      await context.close();
    }
  });

  it('is not shown on a site outside the allowlist (frame-ancestors), even if it names an allowed parent', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await embed(page, stranger.url, new URL(allowed.url).origin);
      const child = page.frames().find((f) => f !== page.mainFrame());
      assert.equal(child?.url(), 'chrome-error://chromewebdata/');
      assert.deepEqual(await page.evaluate(() => (window as unknown as { __events: Reply[] }).__events), []);
    } finally {
      await context.close();
    }
  });
});
