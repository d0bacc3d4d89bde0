import { expect } from '@esm-bundle/chai';
import { openSocialPopup, SocialLoginError, type SocialPopup } from '../../../src/connectors/auth/social-popup.js';

// The page runs on 127.0.0.1; the fake popup page on localhost (same server, another origin: the auth origin).
const AUTH_URL = `http://localhost:${location.port}/test/unit/connectors/fixtures/`;
const AUTH_ORIGIN = `http://localhost:${location.port}`;

/** Real window.open, recording what it was asked. */
function recordingOpen(calls: { url: string; target: string; features: string }[]) {
  return (url: string, target: string, features: string): Window | null => {
    calls.push({ url, target, features });
    return window.open(url, target, features);
  };
}

const outcome = (login: SocialPopup) =>
  login.result.then(
    (value) => ({ ticket: value.ticket }),
    (error: unknown) => ({ error: error instanceof SocialLoginError ? error.code : String(error) }),
  );

describe('connectors/auth/social-popup', () => {
  let login: SocialPopup | undefined;
  afterEach(() => {
    login?.cancel();
    login = undefined;
  });

  it('opens 600×800 on the auth origin with this site and a random state, and takes the ticket', async () => {
    const calls: { url: string; target: string; features: string }[] = [];
    login = openSocialPopup({ authUrl: AUTH_URL, provider: 'google', path: 'fake-social.html?mode=ok', open: recordingOpen(calls) });
    expect(await outcome(login)).to.deep.equal({ ticket: 'ticket-from-the-popup-0001' });
    const url = new URL(calls[0]!.url);
    expect(url.origin).to.equal(AUTH_ORIGIN);
    expect(url.searchParams.get('parent')).to.equal(location.origin);
    expect(url.searchParams.get('state')).to.match(/^[\w-]{32}$/);
    expect(calls[0]!.features).to.match(/^popup=yes,width=600,height=800,left=\d+,top=\d+$/);
    const again: { url: string; target: string; features: string }[] = [];
    const other = openSocialPopup({ authUrl: AUTH_URL, provider: 'google', path: 'fake-social.html', open: recordingOpen(again) });
    other.result.catch(() => undefined);
    other.cancel();
    expect(new URL(again[0]!.url).searchParams.get('state')).to.not.equal(url.searchParams.get('state'));
  });

  it('goes to the service’s start page for the provider by default', () => {
    const calls: { url: string; target: string; features: string }[] = [];
    openSocialPopup({ authUrl: 'https://auth.example/base', provider: 'github', open: (url, target, features) => (calls.push({ url, target, features }), null) }).result.catch(() => undefined);
    const url = new URL(calls[0]!.url);
    expect(url.origin + url.pathname).to.equal('https://auth.example/base/social/github/start');
  });

  it('rejects with the service’s reason', async () => {
    login = openSocialPopup({ authUrl: AUTH_URL, provider: 'google', path: 'fake-social.html?mode=error' });
    expect(await outcome(login)).to.deep.equal({ error: 'access_denied' });
  });

  it('ignores a result with another state, and one with both or neither of ticket and error', async () => {
    login = openSocialPopup({ authUrl: AUTH_URL, provider: 'google', path: 'fake-social.html?mode=wrong-state' });
    expect(await outcome(login)).to.deep.equal({ ticket: 'ticket-from-the-popup-0002' });
  });

  it('ignores a result from another origin and from another window of the auth origin', async () => {
    const calls: { url: string; target: string; features: string }[] = [];
    login = openSocialPopup({ authUrl: AUTH_URL, provider: 'google', path: 'fake-social.html', open: recordingOpen(calls), checkMs: 100 });
    const result = outcome(login);
    const state = new URL(calls[0]!.url).searchParams.get('state')!;
    // This page (another origin) posts a well-formed result with the right state.
    window.postMessage({ type: 'wcm-social', state, ticket: 'ticket-from-this-page-000' }, '*');
    // A frame on the auth origin (not the popup) posts one too.
    const frame = document.createElement('iframe');
    const forged = new Promise<void>((resolve) => window.addEventListener('message', (e) => e.origin === AUTH_ORIGIN && resolve()));
    frame.src = `${AUTH_URL}fake-social.html?mode=forge&parent=${encodeURIComponent(location.origin)}&state=${state}`;
    document.body.append(frame);
    await forged;
    frame.remove();
    // Neither was taken: closing the popup now ends it as closed.
    login.popup!.close();
    expect(await result).to.deep.equal({ error: 'popup_closed' });
  });

  it('says "popup_closed" once the visitor closes the popup, checked every interval', async () => {
    login = openSocialPopup({ authUrl: AUTH_URL, provider: 'google', path: 'fake-social.html', checkMs: 100 });
    const result = outcome(login);
    login.popup!.close();
    expect(await result).to.deep.equal({ error: 'popup_closed' });
  });

  it('says "popup_blocked" when the browser gives no window', async () => {
    login = openSocialPopup({ authUrl: AUTH_URL, provider: 'google', open: () => null });
    expect(login.popup).to.equal(null);
    expect(await outcome(login)).to.deep.equal({ error: 'popup_blocked' });
  });

  it('closes the popup when cancelled', async () => {
    login = openSocialPopup({ authUrl: AUTH_URL, provider: 'google', path: 'fake-social.html' });
    const result = outcome(login);
    login.cancel();
    expect(await result).to.deep.equal({ error: 'cancelled' });
    expect(login.popup!.closed).to.equal(true);
  });
});
