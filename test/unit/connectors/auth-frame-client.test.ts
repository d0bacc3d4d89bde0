import { expect } from '@esm-bundle/chai';
import { FrameError, openFrame, type FrameClient } from '../../../src/connectors/auth/frame-client.js';

// The page runs on 127.0.0.1; the fake frame on localhost (same server, another origin).
const AUTH_URL = `http://localhost:${location.port}/test/unit/connectors/fixtures/`;
const AUTH_ORIGIN = `http://localhost:${location.port}`;

describe('connectors/auth/frame-client', () => {
  let host: HTMLElement;
  let shadow: ShadowRoot;
  let client: FrameClient | undefined;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    shadow = host.attachShadow({ mode: 'open' });
  });
  afterEach(() => {
    client?.close();
    client = undefined;
    host.remove();
  });

  it('puts the frame in the shadow root, pinned to the auth origin, and matches answers by id', async () => {
    const before = document.querySelectorAll('iframe').length;
    client = await openFrame({ authUrl: AUTH_URL, container: shadow, path: 'fake-frame.html' });
    expect(shadow.querySelector('iframe')).to.equal(client.iframe);
    expect(document.querySelectorAll('iframe').length).to.equal(before);
    expect(new URL(client.iframe.src).searchParams.get('parent')).to.equal(location.origin);
    expect(new URL(client.iframe.src).origin).to.equal(AUTH_ORIGIN);
    const [a, b] = await Promise.all([client.request('echo', { n: 1 }), client.request('echo', { n: 2 })]);
    expect(a).to.deep.equal({ n: 1 });
    expect(b).to.deep.equal({ n: 2 });
    const error = await client.request('fail').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(FrameError);
    expect((error as FrameError).code).to.equal(4001);
    expect((error as FrameError).message).to.equal('User rejected the request.');
  });

  it('tells when the frame asks to be shown for approval', async () => {
    let shown: (open: boolean) => void = () => undefined;
    const opened = new Promise<boolean>((resolve) => (shown = resolve));
    client = await openFrame({ authUrl: AUTH_URL, container: shadow, path: 'fake-frame.html', onApprove: (open) => shown(open) });
    client.iframe.contentWindow!.postMessage({ type: 'wcm-app', id: 'x', method: 'approve' }, AUTH_ORIGIN);
    expect(await opened).to.equal(true);
  });

  it('ignores answers from another origin and from another window of the auth origin', async () => {
    const realUuid = crypto.randomUUID.bind(crypto);
    crypto.randomUUID = () => '00000000-0000-4000-8000-000000000001';
    try {
      client = await openFrame({ authUrl: AUTH_URL, container: shadow, path: 'fake-frame.html', requestTimeoutMs: 1500 });
      const answer = client.request('silent').then(
        (value) => ({ value }),
        (error: FrameError) => ({ error: error.code }),
      );
      // Another origin (this page itself) answers the id.
      const selfSeen = new Promise<void>((resolve) => window.addEventListener('message', (e) => e.data === 'self-sent' && resolve()));
      window.postMessage({ type: 'wcm-frame', id: '00000000-0000-4000-8000-000000000001', result: 'forged' }, '*');
      window.postMessage('self-sent', '*');
      await selfSeen;
      // Another window on the auth origin answers it.
      const sibling = document.createElement('iframe');
      sibling.src = `${AUTH_URL}fake-frame.html?mute=1&parent=${encodeURIComponent(location.origin)}`;
      const loaded = new Promise((resolve) => sibling.addEventListener('load', resolve, { once: true }));
      shadow.append(sibling);
      await loaded;
      const forged = new Promise<void>((resolve) => window.addEventListener('message', (e) => e.data === 'forged-sent' && resolve()));
      sibling.contentWindow!.postMessage({ type: 'wcm-app', id: 'f', method: 'forge', params: { id: '00000000-0000-4000-8000-000000000001' } }, AUTH_ORIGIN);
      await forged;
      expect(await answer).to.deep.equal({ error: 'iframe_request_timeout' });
    } finally {
      crypto.randomUUID = realUuid;
    }
  });

  it('ignores malformed answers', async () => {
    client = await openFrame({ authUrl: AUTH_URL, container: shadow, path: 'fake-frame.html', requestTimeoutMs: 1000 });
    const error = (await client.request('garbage').catch((e: unknown) => e)) as FrameError;
    expect(error.code).to.equal('iframe_request_timeout');
  });

  it('fails with iframe_load_failed when the frame never says ready, and removes it', async () => {
    const error = (await openFrame({ authUrl: AUTH_URL, container: shadow, path: 'fake-frame.html?mute=1', loadTimeoutMs: 1000 }).catch((e: unknown) => e)) as FrameError;
    expect(error).to.be.instanceOf(FrameError);
    expect(error.code).to.equal('iframe_load_failed');
    expect(error.message).to.equal('The secure frame did not load within 1 s');
    expect(shadow.querySelector('iframe')).to.equal(null);
  });
});
