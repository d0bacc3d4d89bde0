import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import { expectAccessible } from './support/axe.js';
import { cleanup, mount, openAndRender, parts, waitFor } from './support/element.js';

// The popup goes to the auth origin (localhost here; the page is 127.0.0.1). No service answers there in this
// suite: the start page is a 404 that stays open, which is what "closed by the visitor" and "blocked" need.
const AUTH_URL = `http://localhost:${location.port}/auth/`;

describe('<wallet-connect-modal> social buttons (features=socials)', () => {
  const realOpen = window.open;
  let opened: { url: string; features: string; popup: Window | null }[] = [];
  let block = false;
  beforeEach(() => {
    opened = [];
    block = false;
    window.open = (url?: string | URL, target?: string, features?: string) => {
      const popup = block ? null : realOpen.call(window, url, target, features);
      opened.push({ url: String(url), features: features ?? '', popup });
      return popup;
    };
  });
  afterEach(async () => {
    window.open = realOpen;
    for (const { popup } of opened) popup?.close();
    await cleanup();
  });

  const mountSocial = async (attributes: Record<string, string> = {}) => {
    const el = mount({ networks: 'eip155:1', 'auth-url': AUTH_URL, features: 'socials', ...attributes });
    await openAndRender(el);
    await waitFor(() => parts(el, 'social-button').length > 0, 'the social buttons');
    return el;
  };
  const state = (el: HTMLElement) => el.shadowRoot!.querySelector<HTMLElement>('[data-social-state]');

  it('shows the providers of `socials`, in that order, above the wallets; none without features=socials', async () => {
    const el = await mountSocial({ socials: 'github,google' });
    expect(parts(el, 'social-button').map((b) => [b.dataset.social, b.textContent, b.getAttribute('aria-label')])).to.deep.equal([
      ['github', 'Continue with GitHub', 'Continue with GitHub'],
      ['google', 'Google', 'Continue with Google'],
    ]);
    const group = el.shadowRoot!.querySelector('[role="group"]')!;
    expect(group.getAttribute('aria-label')).to.equal('Log in with a social account');
    expect(group.compareDocumentPosition(parts(el, 'wallet-button')[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    await expectAccessible(el, 'social buttons');
    await cleanup();
    const plain = mount({ networks: 'eip155:1', 'auth-url': AUTH_URL });
    await openAndRender(plain);
    expect(parts(plain, 'social-button')).to.deep.equal([]);
  });

  it('lays out the first provider as a full-width "Continue with" button and the others as one row of marks', async () => {
    const el = await mountSocial();
    const buttons = parts(el, 'social-button');
    const boxes = buttons.map((b) => b.getBoundingClientRect());
    const group = el.shadowRoot!.querySelector('.social-buttons')!.getBoundingClientRect();
    expect(buttons[0]!.textContent).to.equal('Continue with Google');
    expect(Math.round(boxes[0]!.width), 'the first spans the row').to.equal(Math.round(group.width));
    const tops = new Set(boxes.slice(1).map((box) => Math.round(box.top)));
    expect(tops.size, 'the six others share one row').to.equal(1);
    expect([...tops][0]).to.be.greaterThan(boxes[0]!.bottom - 1);
    for (const [i, button] of buttons.slice(1).entries()) {
      expect(boxes[i + 1]!.width, `${button.dataset.social} is a 44 px target at least`).to.be.at.least(44);
      expect(button.querySelector('svg.brand-icon'), `${button.dataset.social} shows its mark`).to.not.equal(null);
      expect(button.title, 'its name on hover').to.equal(button.querySelector('.visually-hidden')!.textContent);
    }
    await expectAccessible(el, 'the row of social marks');
  });

  it('opens the 600×800 popup from the click on the auth origin, then says "Popup closed" once it is closed', async () => {
    const el = await mountSocial();
    parts(el, 'social-button')[0]!.click();
    expect(opened.length, 'opened in the click itself').to.equal(1);
    const url = new URL(opened[0]!.url);
    expect(url.origin + url.pathname).to.equal(`http://localhost:${location.port}/auth/social/google/start`);
    expect(url.searchParams.get('parent')).to.equal(location.origin);
    expect(opened[0]!.features).to.match(/width=600,height=800/);
    await waitFor(() => state(el)?.dataset.socialState === 'started', 'started');
    expect(state(el)!.textContent).to.equal('Continue in the Google window');
    expect(el.shadowRoot!.querySelector('.spinner')!.getAttribute('aria-label')).to.equal('Continue in the Google window');
    await expectAccessible(el, 'social login started');
    opened[0]!.popup!.close();
    const error = await waitFor(() => (state(el)?.dataset.socialState === 'error' ? state(el) : null), '"Popup closed"', 3000);
    expect(error.textContent).to.equal('Popup closed');
    expect(error.getAttribute('role')).to.equal('alert');
    await expectAccessible(el, 'social login: popup closed');
  });

  it('a blocked popup offers a button that opens it from its own click', async () => {
    const el = await mountSocial();
    block = true;
    parts(el, 'social-button')[1]!.click();
    await waitFor(() => state(el)?.dataset.socialState === 'blocked', 'blocked');
    expect(state(el)!.querySelector('[role="alert"]')!.textContent).to.equal('Your browser blocked the X window.');
    const reopen = state(el)!.querySelector<HTMLButtonElement>('[data-action="social-reopen"]')!;
    expect(reopen.textContent).to.equal('Open the X window');
    await expectAccessible(el, 'social login: popup blocked');
    block = false;
    reopen.click();
    expect(opened.length).to.equal(2);
    expect(new URL(opened[1]!.url).pathname).to.equal('/auth/social/x/start');
    await waitFor(() => state(el)?.dataset.socialState === 'started', 'started');
  });
});
