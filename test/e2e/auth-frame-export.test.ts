// The key export in the secure frame (server/auth-frame/public/export.js) in Chromium, driven by postMessage from
// a host page on another origin: the code is typed in the frame, the keys are shown only there (hidden until
// revealed), and nothing the host page receives carries them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Hono } from 'hono';
import { type Browser, type Page, chromium } from 'playwright-core';
import { bytesToHex } from 'viem';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { base58 } from '../../server/auth-frame/key-export.js';
import { keyContext, unseal } from '../../server/auth-frame/keys.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { listen, type Listening } from '../../server/listen.js';
import { axeViolations } from './harness.js';

const MASTER = randomBytes(32);
let mail: MailCapture;
let frame: AuthFrameServer;
let host: Listening;
let browser: Browser;

before(async () => {
  const app = new Hono();
  app.get('/', (c) => c.html('<!doctype html><html lang="en"><title>host</title><main><h1>Host</h1></main></html>', 200, { 'content-security-policy': `default-src 'self'; frame-src 'self' ${new URL(frame.url).origin}` }));
  mail = await startMailCapture();
  host = await listen(app.fetch, { host: '127.0.0.1', port: 0, service: 'host page' });
  frame = await startAuthFrame({ allowedOrigins: [host.url], smtpUrl: mail.smtpUrl, masterKey: MASTER.toString('hex'), limits: { resendIntervalMs: 0 } });
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
});
after(async () => {
  await browser?.close();
  await Promise.all([frame?.stop(), mail?.stop(), host?.stop()]);
});

interface Reply {
  id?: string;
  event?: string;
  open?: boolean;
  result?: unknown;
  error?: { code: number | string; message: string };
}
type HostWindow = { __events: Reply[]; __seen: string[]; __send: (method: string, params?: unknown) => Promise<Reply> };

/** Opens the host page, embeds the frame, and installs `__send`, `__events` and `__seen` (every message, as JSON). */
async function embed(page: Page): Promise<void> {
  await page.goto(host.url);
  await page.evaluate(
    ([src, frameOrigin]) =>
      new Promise<void>((resolve) => {
        const w = window as unknown as HostWindow;
        const iframe = document.createElement('iframe');
        iframe.src = src;
        iframe.title = 'Secure wallet';
        iframe.style.height = '640px';
        iframe.addEventListener('load', () => resolve(), { once: true });
        w.__events = [];
        w.__seen = [];
        const pending = new Map<string, (reply: Reply) => void>();
        window.addEventListener('message', (event) => {
          w.__seen.push(JSON.stringify(event.data));
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
    [`${frame.url}frame?parent=${encodeURIComponent(new URL(host.url).origin)}`, new URL(frame.url).origin] as const,
  );
  await page.waitForFunction(() => (window as unknown as HostWindow).__events.some((e) => e.event === 'ready'));
}

const send = (page: Page, method: string, params?: unknown): Promise<Reply> => page.evaluate(([m, p]) => (window as unknown as HostWindow).__send(m as string, p), [method, params] as const);

async function login(page: Page, email: string): Promise<void> {
  const since = Date.now();
  assert.equal((await send(page, 'email_start', { email })).error, undefined);
  const code = codeIn(await mail.waitFor(email, { since }));
  assert.equal((await send(page, 'email_verify', { email, code })).error, undefined);
}

describe('key export in the secure frame', () => {
  it('asks for a mailed code in the frame, then shows the keys hidden until revealed; the host page never receives them', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await embed(page);
      await login(page, 'vera@example.test');
      const user = (await frame.store.getUserByEmail('vera@example.test'))!;
      const evmKey = bytesToHex(unseal(MASTER, user.evmKeySealed, keyContext(user.id, 'evm')));
      const solanaKey = base58(unseal(MASTER, user.solanaKeySealed, keyContext(user.id, 'solana')));

      const exporting = send(page, 'export_keys');
      exporting.catch(() => undefined);
      const inFrame = page.frameLocator('iframe');
      await inFrame.getByRole('heading', { name: 'Export wallet keys' }).waitFor();
      assert.match((await inFrame.getByRole('alert').first().textContent()) ?? '', /^Anyone with these keys controls your wallet: they can move everything in it/);
      assert.deepEqual((await axeViolations(page)).map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]), [], 'axe on the export panel');

      const since = Date.now();
      await inFrame.getByRole('button', { name: 'Email me a code' }).click();
      const letter = await mail.waitFor('vera@example.test', { since });
      assert.match(letter.subject, /^Confirm showing your wallet key: \d{6}$/);
      const code = codeIn(letter)!;
      const input = inFrame.getByLabel('Enter the code we sent to vera@example.test');
      await input.fill(code === '000000' ? '000001' : '000000');
      await inFrame.getByRole('button', { name: 'Show keys' }).click();
      await inFrame.getByText('That code is not right. 4 attempts left.').waitFor();
      await input.fill(code);
      await inFrame.getByRole('button', { name: 'Show keys' }).click();

      const secrets = inFrame.locator('pre.secret');
      await secrets.first().waitFor();
      assert.deepEqual(await secrets.allTextContents(), ['•'.repeat(32), '•'.repeat(32)], 'hidden until revealed');
      assert.equal(await inFrame.getByText(user.evmAddress).count(), 1);
      await inFrame.getByRole('button', { name: 'Reveal' }).first().click();
      assert.equal(await secrets.first().textContent(), evmKey);
      await inFrame.getByRole('button', { name: 'Reveal' }).click();
      assert.equal(await secrets.nth(1).textContent(), solanaKey);
      await inFrame.getByRole('button', { name: 'Hide' }).first().click();
      assert.equal(await secrets.first().textContent(), '•'.repeat(32));
      await inFrame.getByRole('button', { name: 'Copy' }).first().click();
      await inFrame.getByRole('status').first().filter({ hasText: /\S/ }).waitFor();
      assert.match((await inFrame.getByRole('status').first().textContent()) ?? '', /^(Copied\. Paste it only into a wallet you trust, then clear your clipboard\.|Copying is not allowed here: reveal the key and select it\.)$/);
      assert.deepEqual((await axeViolations(page)).map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]), [], 'axe on the shown keys');

      // The host page cannot read the frame.
      assert.equal(await page.evaluate(() => { try { return document.querySelector('iframe')!.contentDocument?.body.textContent ?? 'no access'; } catch { return 'no access'; } }), 'no access');
      await inFrame.getByRole('button', { name: 'Done' }).click();
      const reply = await exporting;
      assert.deepEqual(reply.result, { shown: true });
      assert.equal(await inFrame.locator('#export').count(), 0, 'the panel and the keys are gone');
      const seen = (await page.evaluate(() => (window as unknown as HostWindow).__seen)).join('\n');
      for (const secret of [evmKey.slice(2), solanaKey, code]) assert.ok(!seen.toLowerCase().includes(secret.toLowerCase()), 'the host page received no key and no code');
      assert.deepEqual((await page.evaluate(() => (window as unknown as HostWindow).__events)).map((e) => [e.event, e.open]), [['ready', undefined], ['approve', true], ['approve', false]]);
    } finally {
      await context.close();
    }
  });

  it('ends when the host page closes its modal (rpc_cancel); nothing shown', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await embed(page);
      await login(page, 'walt@example.test');
      const exporting = send(page, 'export_keys');
      exporting.catch(() => undefined);
      await page.frameLocator('iframe').getByRole('heading', { name: 'Export wallet keys' }).waitFor();
      assert.deepEqual((await send(page, 'rpc_cancel')).result, null);
      assert.deepEqual((await exporting).result, { shown: false });
      assert.equal(await page.frameLocator('iframe').locator('#export').count(), 0);
    } finally {
      await context.close();
    }
  });
});
