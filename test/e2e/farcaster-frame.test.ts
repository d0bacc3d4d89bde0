// Sign In With Farcaster through the secure frame in Chromium, driven from a raw host page (no widget yet): the
// frame's farcaster_start opens a channel on the local relay, the approve command's code signs it with a local
// fid's custody key, and farcaster_wait gives the verified user and the frame's session; a declined channel
// gives `rejected`.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Hono } from 'hono';
import { type Browser, type Page, chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { approveChannel } from '../../devstack/farcaster-relay/approve.js';
import { installIdRegistry } from '../../server/farcaster-relay/registry.js';
import { startFarcasterRelay, type FarcasterRelay } from '../../devstack/farcaster-relay/relay.js';
import { listen, type Listening } from '../../server/listen.js';

let anvil: Anvil;
let relay: FarcasterRelay;
let frame: AuthFrameServer;
let site: Listening;
let browser: Browser;

before(async () => {
  const host = new Hono();
  host.get('/', (c) => c.html('<!doctype html><html lang="en"><title>host</title><main><h1>Host</h1></main></html>'));
  site = await listen(host.fetch, { host: '127.0.0.1', port: 0, service: 'host page' });
  [anvil, relay] = await Promise.all([startAnvil({ chainId: 31337 }), startFarcasterRelay()]);
  await installIdRegistry(anvil.rpcUrl);
  frame = await startAuthFrame({ allowedOrigins: [site.url], smtpUrl: 'smtp://127.0.0.1:1', masterKey: randomBytes(32).toString('hex'), farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl }, log: () => {} });
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
});
after(async () => {
  await browser?.close();
  await Promise.all([frame?.stop(), site?.stop(), relay?.stop()]);
  await anvil?.stop();
});

async function prepare(page: Page): Promise<void> {
  await page.goto(site.url);
  await page.evaluate(
    ([frameSrc, origin]) =>
      new Promise<void>((resolve) => {
        const w = window as unknown as { __send: (method: string, params?: unknown) => Promise<unknown> };
        const iframe = document.createElement('iframe');
        iframe.src = frameSrc;
        iframe.title = 'Secure wallet';
        const pending = new Map<string, (reply: unknown) => void>();
        window.addEventListener('message', (event) => {
          if (event.origin !== origin || event.source !== iframe.contentWindow) return;
          const reply = event.data as { id?: string; event?: string };
          if (reply.event === 'ready') resolve();
          if (reply.id) pending.get(reply.id)?.(reply);
        });
        let next = 0;
        w.__send = (method, params) =>
          new Promise((done) => {
            const id = `r${(next += 1)}`;
            pending.set(id, done);
            iframe.contentWindow!.postMessage({ type: 'wcm-app', id, method, params }, origin);
          });
        document.querySelector('main')!.append(iframe);
      }),
    [`${frame.url}frame?parent=${encodeURIComponent(site.url.replace(/\/$/, ''))}`, new URL(frame.url).origin] as const,
  );
}

const send = (page: Page, method: string, params?: unknown) =>
  page.evaluate(([m, p]) => (window as unknown as { __send: (method: string, params?: unknown) => Promise<unknown> }).__send(m as string, p), [method, params] as const);

describe('Sign In With Farcaster through the frame, in Chromium', () => {
  it('farcaster_start → approved by fid 3 → farcaster_wait completes; the frame has the session', async () => {
    const page = await browser.newPage();
    try {
      await prepare(page);
      const started = (await send(page, 'farcaster_start')) as { result: { url: string; channelToken: string } };
      assert.match(started.result.url, /^farcaster:\/\/connect\?channelToken=/);
      assert.deepEqual(((await send(page, 'farcaster_wait', { channelToken: started.result.channelToken })) as { result: unknown }).result, { state: 'pending' });
      await approveChannel({ relayUrl: relay.url, request: started.result.url, fid: 3 });
      const done = (await send(page, 'farcaster_wait', { channelToken: started.result.channelToken })) as { result: { state: string; fid: number; user: { socialProvider: string; address: string } } };
      assert.equal(done.result.state, 'completed');
      assert.equal(done.result.fid, 3);
      assert.equal(done.result.user.socialProvider, 'farcaster');
      assert.deepEqual(((await send(page, 'get_user')) as { result: unknown }).result, done.result.user);
    } finally {
      await page.close();
    }
  });

  it('a declined channel answers farcaster_wait with the error rejected, and no session', async () => {
    const page = await browser.newPage();
    try {
      await prepare(page);
      const started = (await send(page, 'farcaster_start')) as { result: { url: string; channelToken: string } };
      await approveChannel({ relayUrl: relay.url, request: started.result.url, reject: true });
      const reply = (await send(page, 'farcaster_wait', { channelToken: started.result.channelToken })) as { error: { code: string } };
      assert.equal(reply.error.code, 'rejected');
      assert.equal(((await send(page, 'get_user')) as { result: unknown }).result, null);
    } finally {
      await page.close();
    }
  });
});
