// The secure frame in Chromium (server/auth-frame/public/frame.js), driven by raw postMessage from a host page
// on another origin: email login with the code read from the captured mail, personal_sign approved and
// rejected in the frame, messages from a wrong window ignored, frame-ancestors enforced, axe on the approval.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Hono } from 'hono';
import { type Browser, type Page, chromium } from 'playwright-core';
import { stringToHex, verifyMessage, type Hex } from 'viem';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { listen, type Listening } from '../../server/listen.js';
import { axeViolations } from './harness.js';

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

/** The frame embedded by the allowed host page and logged in as `email`; its address. */
async function loggedIn(page: Page, email: string): Promise<Hex> {
  await embed(page, allowed.url);
  await page.waitForFunction(() => (window as unknown as { __events: Reply[] }).__events.some((e) => e.event === 'ready'));
  const since = Date.now();
  assert.equal((await send(page, 'email_start', { email })).error, undefined);
  const code = codeIn(await mail.waitFor(email, { since }));
  return ((await send(page, 'email_verify', { email, code })).result as { address: Hex }).address;
}

/** Whether `reply` settled within `ms` (false: still waiting for the visitor). */
const settledWithin = (reply: Promise<Reply>, ms: number): Promise<boolean> =>
  Promise.race([reply.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('Approve needs a deliberate act of the visitor in the visible frame (Chromium)', () => {
  it('Enter typed into the host page right after a request arrives approves nothing: Approve is not focused', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const address = await loggedIn(page, 'enter@example.test');
      // The host page has a text field the visitor is typing into.
      await page.evaluate(() => {
        const input = document.createElement('input');
        input.id = 'typing';
        input.setAttribute('aria-label', 'Search');
        document.querySelector('main')!.prepend(input);
        input.focus();
      });
      const signing = send(page, 'rpc', { method: 'personal_sign', params: [stringToHex('pay 1 ETH'), address] });
      signing.catch(() => undefined);
      const inFrame = page.frameLocator('iframe');
      await inFrame.getByRole('button', { name: 'Approve' }).waitFor();
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Enter');
        await page.keyboard.press('Space');
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      assert.equal(await settledWithin(signing, 500), false, 'nothing signed by keys typed into the host page');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'typing', 'the host page keeps its focus');
      assert.equal(await inFrame.getByRole('button', { name: 'Approve' }).evaluate((b) => b === document.activeElement), false);
      await inFrame.getByRole('button', { name: 'Reject' }).click();
      assert.deepEqual((await signing).error, { code: 4001, message: 'User rejected the request.' });
    } finally {
      await context.close();
    }
  });

  // The frame itself at opacity 0, or (an ancestor's effect counts too) the page's wrapper at filter: opacity(0).
  for (const [name, hide] of [
    ['at opacity 0', 'opacity'],
    ['inside a wrapper at filter: opacity(0)', 'filter'],
  ] as const) {
    it(`a click on Approve's spot while the frame is ${name} over a decoy approves nothing; shown, it re-arms and a real click signs`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      try {
        const address = await loggedIn(page, `decoy-${name.length}@example.test`);
        await page.evaluate(
          ([how]) => {
            const main = document.querySelector('main')!;
            main.style.position = 'relative';
            const iframe = document.querySelector('iframe')!;
            Object.assign(iframe.style, { position: 'absolute', left: '0', top: '0', width: '400px', height: '400px', border: '0', zIndex: '1' });
            // The decoy the visitor sees, under the frame (outside main: its filter must not hide the decoy).
            const decoy = Object.assign(document.createElement('button'), { textContent: 'Claim your prize' });
            const at = iframe.getBoundingClientRect();
            Object.assign(decoy.style, { position: 'absolute', left: `${at.left + scrollX}px`, top: `${at.top + scrollY}px`, width: '400px', height: '400px', zIndex: '-1' });
            document.body.append(decoy);
            if (how === 'opacity') iframe.style.opacity = '0';
            else main.style.filter = 'opacity(0)';
          },
          [hide] as const,
        );
        const signing = send(page, 'rpc', { method: 'personal_sign', params: [stringToHex('claim'), address] });
        signing.catch(() => undefined);
        const approveButton = page.frameLocator('iframe').getByRole('button', { name: 'Approve' });
        await approveButton.waitFor({ state: 'attached' });
        const box = (await approveButton.boundingBox())!;
        // Long past any arming delay, clicks land on Approve's spot (the visitor aims at the decoy).
        for (let i = 0; i < 4; i++) {
          await new Promise((resolve) => setTimeout(resolve, 600));
          await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        }
        assert.equal(await settledWithin(signing, 800), false, 'nothing signed by clicks on a hidden frame');
        assert.equal(await approveButton.isDisabled(), true, 'never armed while hidden');
        // Reject too: Chromium drops clicks on a frame that has just moved into place, so a Reject that looked ready
        // then would do nothing (a click sent at once was lost, and the request waited without end).
        assert.equal(await page.frameLocator('iframe').getByRole('button', { name: 'Reject' }).isDisabled(), true, 'Reject is not armed while hidden either');
        // Shown as it is: after the delay, a real click on Approve signs.
        await page.evaluate(() => {
          document.querySelector('main')!.style.filter = '';
          document.querySelector('iframe')!.style.opacity = '';
        });
        const shown = Date.now();
        await approveButton.click();
        // The delay restarts when the frame is shown: Approve could not be clicked sooner.
        assert.ok(Date.now() - shown >= 800, `armed ${Date.now() - shown} ms after it was shown`);
        const signature = (await signing).result as Hex;
        assert.equal(await verifyMessage({ address, message: 'claim', signature }), true);
      } finally {
        await context.close();
      }
    });
  }
});

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
      assert.deepEqual((await axeViolations(page)).map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]), [], 'axe on ApproveTransaction');
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
