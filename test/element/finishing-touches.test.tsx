import { expect } from '@esm-bundle/chai';
import { emulateMedia } from '@web/test-runner-commands';
import { flushSync } from 'react-dom';
import { type Root, createRoot } from 'react-dom/client';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import directoryCss from '../../styles/directory.css';
import { showToast } from '../../src/stores/toasts.js';
import { DirectoryWalletGrid } from '../../src/views/parts/DirectoryWalletGrid.js';
import { ALICE, SVG_ICON, announceWallet, createFakeProvider, deferred, walletInfo } from '../unit/support/fake-wallet.js';
import { cleanup, mount, openAndRender, part, titleText, waitFor, walletButtons } from './support/element.js';

/** The lines a text node takes: one client rect per line box. */
const lines = (node: Node, start = 0, end = node.textContent!.length) => {
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
};

describe('finishing touches: wallet names in the directory grid', () => {
  let host: HTMLElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    host.style.width = '84px';
    const style = document.createElement('style');
    style.textContent = directoryCss;
    host.append(style);
    document.body.append(host);
    root = createRoot(host.appendChild(document.createElement('div')));
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('never breaks a name mid-word: one long word stays on one line, cut with an ellipsis, full name in the title', () => {
    flushSync(() => root.render(<DirectoryWalletGrid items={[{ id: 'a', name: 'TokenPocketWallet', image: undefined }]} label="Wallets" busy={false} onSelect={() => {}} />));
    const name = host.querySelector('.directory-name')!;
    expect(lines(name.firstChild!)).to.equal(1);
    expect(name.getBoundingClientRect().right).to.be.at.most(host.getBoundingClientRect().right);
    expect(getComputedStyle(name).textOverflow).to.equal('ellipsis');
    expect(host.querySelector('button')!.title).to.equal('TokenPocketWallet');
  });

  it('a name of several words wraps between words only', () => {
    flushSync(() => root.render(<DirectoryWalletGrid items={[{ id: 'a', name: 'Tokenpocket Walletapp', image: undefined }]} label="Wallets" busy={false} onSelect={() => {}} />));
    const text = host.querySelector('.directory-name')!.firstChild!;
    expect(lines(text)).to.equal(2);
    expect(lines(text, 0, 11)).to.equal(1);
    expect(lines(text, 12)).to.equal(1);
  });
});

describe('finishing touches: the modal', () => {
  const beta = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
  let stop: () => void;
  let el: WalletConnectModalElement;
  before(() => {
    stop = announceWallet(walletInfo('com.example.beta', 'Beta Wallet', SVG_ICON), beta);
  });
  after(() => stop());
  beforeEach(() => {
    el = mount({ networks: 'eip155:1' });
  });
  afterEach(async () => {
    await el.disconnect();
    await cleanup();
  });

  it('ConnectingExternal: a loading ring around the wallet logo, centred on it, not a corner spinner', async () => {
    const approval = deferred<string[]>();
    beta.handle('eth_requestAccounts', () => approval.promise);
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 1, 'the wallet');
    walletButtons(el)[0]!.click();
    await waitFor(() => titleText(el) === 'Beta Wallet', 'the ConnectingExternal view');
    const logo = el.shadowRoot!.querySelector('.connecting-icon .wallet-icon')!.getBoundingClientRect();
    const ring = el.shadowRoot!.querySelector('.connecting-icon .spinner')!.getBoundingClientRect();
    expect(ring.width).to.be.at.least(logo.width + 16);
    expect(ring.height).to.equal(ring.width);
    expect(Math.abs(ring.left + ring.width / 2 - (logo.left + logo.width / 2))).to.be.below(1);
    expect(Math.abs(ring.top + ring.height / 2 - (logo.top + logo.height / 2))).to.be.below(1);
    approval.reject(new Error('abandoned'));
  });

  it('a toast overlays the view: the panel and the body keep their size and place', async () => {
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 1, 'the wallet');
    const panel = part(el, 'panel')!.getBoundingClientRect();
    const body = part(el, 'body')!.getBoundingClientRect();
    showToast('success', 'Copied');
    const toast = await waitFor(() => part(el, 'toast'), 'the toast');
    expect(getComputedStyle(toast).position).to.equal('absolute');
    expect(part(el, 'panel')!.getBoundingClientRect().toJSON()).to.deep.equal(panel.toJSON());
    expect(part(el, 'body')!.getBoundingClientRect().toJSON()).to.deep.equal(body.toJSON());
    const box = toast.getBoundingClientRect();
    expect(box.bottom).to.be.at.most(panel.bottom);
    expect(box.left).to.be.at.least(panel.left);
  });

  /** Opens on Connect, then goes to ConnectingExternal; the panel's height before and its animations after. */
  async function changeView() {
    const approval = deferred<string[]>();
    beta.handle('eth_requestAccounts', () => approval.promise);
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 1, 'the wallet');
    const panel = part(el, 'panel')!;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const before = panel.getBoundingClientRect().height;
    walletButtons(el)[0]!.click();
    await waitFor(() => titleText(el) === 'Beta Wallet', 'the ConnectingExternal view');
    const animations = panel.getAnimations();
    const slides = part(el, 'body')!.getAnimations();
    await Promise.all([...animations, ...slides].map((a) => a.finished));
    const after = panel.getBoundingClientRect().height;
    approval.reject(new Error('abandoned'));
    return { before, after, animations, slides };
  }

  /** The body's slide: where the view comes in from, and how long it takes. */
  const slide = (animation: Animation | undefined) => animation && {
    from: String((animation.effect as KeyframeEffect).getKeyframes()[0]!.transform),
    duration: (animation.effect as KeyframeEffect).getTiming().duration,
  };

  it('a view one step deeper slides in from the end, a step back from the start (mirrored right to left); none on opening', async () => {
    const opening = part(el, 'body');
    await openAndRender(el);
    expect(part(el, 'body')!.getAnimations(), 'no slide on opening').to.have.length(0);
    expect(opening === null || opening === part(el, 'body')).to.equal(true);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    part(el, 'help-button')!.click();
    await waitFor(() => titleText(el) === 'What is a wallet?', 'WhatIsAWallet');
    expect(slide(part(el, 'body')!.getAnimations()[0])).to.deep.equal({ from: 'translateX(16px)', duration: 200 });
    part(el, 'back-button')!.click();
    await waitFor(() => titleText(el) === 'Connect Wallet', 'back on Connect');
    expect(slide(part(el, 'body')!.getAnimations().at(-1))).to.deep.equal({ from: 'translateX(-16px)', duration: 200 });
    el.setAttribute('lang', 'ar');
    await waitFor(() => el.shadowRoot!.querySelector('dialog[dir="rtl"]'), 'right to left', 15000);
    (await waitFor(() => part(el, 'help-button'), 'the Arabic Connect')).click();
    await waitFor(() => part(el, 'back-button') !== null, 'the Arabic WhatIsAWallet');
    expect(slide(part(el, 'body')!.getAnimations().at(-1)), 'deeper, right to left: from the left').to.deep.equal({ from: 'translateX(-16px)', duration: 200 });
  });

  it('between views the panel does not jump: its height moves from the old to the new over 200 ms', async () => {
    const { before, after, animations, slides } = await changeView();
    expect(slides.map(slide), 'Connect → ConnectingExternal: a step deeper').to.deep.equal([{ from: 'translateX(16px)', duration: 200 }]);
    expect(before).to.not.equal(after);
    expect(animations).to.have.length(1);
    const frames = (animations[0]!.effect as KeyframeEffect).getKeyframes().map((k) => String(k.height));
    expect(frames.map((f) => f.endsWith('px'))).to.deep.equal([true, true]);
    expect(parseFloat(frames[0]!)).to.be.closeTo(before, 0.01);
    expect(parseFloat(frames[1]!)).to.be.closeTo(after, 0.01);
    expect((animations[0]!.effect as KeyframeEffect).getTiming().duration).to.equal(200);
  });

  it('with reduced motion the view changes at once, without animation', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      const { animations, slides } = await changeView();
      expect(animations).to.have.length(0);
      expect(slides).to.have.length(0);
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });
});
