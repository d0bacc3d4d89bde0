import { expect } from '@esm-bundle/chai';
import { flushSync } from 'react-dom';
import { type Root, createRoot } from 'react-dom/client';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import modalCss from '../../styles/modal.css';
import dialogCss from '../../styles/dialog.css';
import tokensCss from '../../styles/tokens.css';
import accountCss from '../../styles/account.css';
import sendCss from '../../styles/send.css';
import swapCss from '../../styles/swap.css';
import socialCss from '../../styles/social.css';
import { showToast } from '../../src/stores/toasts.js';
import { TokenPicker } from '../../src/views/parts/TokenPicker.js';
import { SwapForm, type SwapFormProps } from '../../src/views/parts/SwapForm.js';
import { SocialButtons } from '../../src/views/parts/SocialButtons.js';
import { ActivityList, type ActivityRow } from '../../src/views/parts/ActivityList.js';
import { $sendDraft } from '../../src/stores/send.js';
import { avatarHues } from '../../src/core/avatar.js';
import { siApple, siDiscord, siFacebook, siFarcaster, siGithub, siGoogle, siX } from 'simple-icons';
import { ALICE, SVG_ICON, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { cleanup, mount, openAndRender, part, waitFor, walletButtons } from './support/element.js';
import { useAccountFixture } from './support/account.js';

/** A lazily loaded view's first render, on a loaded 2-core machine: a limit for a failure, not a speed goal. */
const LAZY_MS = 20_000;

/** The line boxes a node's text takes (one client rect top per line). */
function lineTops(node: Node): number[] {
  const range = document.createRange();
  range.selectNodeContents(node);
  return [...new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))];
}
const box = (el: Element) => el.getBoundingClientRect();
const inside = (inner: DOMRect, outer: DOMRect) => inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;

/**
 * A part of a view in a panel body as wide as the modal's on desktop (360 px less the border and padding),
 * with the view's style sheets, light theme.
 */
function usePanel(sheets: string[]) {
  const state = { host: undefined as unknown as HTMLElement, root: undefined as unknown as Root };
  beforeEach(() => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = [tokensCss, dialogCss, modalCss, ...sheets].join('\n');
    const dialog = document.createElement('div');
    dialog.className = 'dialog';
    dialog.style.cssText = 'display:block;position:static;color-scheme:light';
    const body = dialog.appendChild(document.createElement('div'));
    body.className = 'body';
    body.style.width = '358px';
    shadow.append(style, dialog);
    state.host = body;
    state.root = createRoot(body.appendChild(document.createElement('div')));
  });
  afterEach(() => {
    state.root.unmount();
    (state.host.getRootNode() as ShadowRoot).host.remove();
  });
  return state;
}

// First: the page keeps every wallet it has heard of, and later suites announce some.
describe('layout: Connect without a browser wallet', () => {
  let el: WalletConnectModalElement;
  afterEach(async () => {
    await el.disconnect();
    await cleanup();
  });

  it('"No browser wallet found…" keeps a gap above the WalletConnect row', async () => {
    el = mount({ networks: 'eip155:1', 'project-id': 'p1' });
    await openAndRender(el);
    const hint = await waitFor(() => [...el.shadowRoot!.querySelectorAll('.hint[role="status"]')].find((p) => p.textContent!.startsWith('No browser wallet found')), 'the hint');
    const row = await waitFor(() => part(el, 'wallet-button'), 'the WalletConnect row');
    expect(box(row).top - box(hint).bottom).to.be.at.least(8);
  });
});

describe('layout: the Send form', () => {
  const panel = usePanel([accountCss, sendCss]);

  it('the token picker keeps "10,001.2496 ETH" on one line beside a long USD value', () => {
    const token = { key: 'eth', symbol: 'ETH', name: 'Ether', iconUrl: undefined, balance: '10,001.2496 ETH', value: '$20,002,499.25' };
    flushSync(() => panel.root.render(<TokenPicker id="t" labelId="l" tokens={[token]} selected="eth" placeholder="Choose" describedBy={undefined} invalid={false} onSelect={() => {}} />));
    const balance = panel.host.querySelector('[data-balance]')!;
    expect(balance.textContent).to.equal('10,001.2496 ETH');
    expect(lineTops(balance)).to.have.length(1);
    const picker = box(panel.host.querySelector('.picker-button')!);
    expect(box(balance).right).to.be.at.most(picker.right);
    expect(box(panel.host.querySelector('[data-value]')!).right).to.be.at.most(picker.right);
  });
});

describe('layout: the Swap card', () => {
  const panel = usePanel([accountCss, sendCss, swapCss]);
  const props: SwapFormProps = {
    from: { symbol: 'ETH', iconUrl: undefined, balance: 'Balance: 1.5 ETH' },
    to: { symbol: 'LTK', iconUrl: undefined, balance: 'Balance: 0 LTK' },
    amount: '1', slippage: '0.5', ready: true, errors: {},
    quote: { output: '0.5 LTK', loading: false, rate: '1 ETH = 0.5 LTK', priceImpact: '0.1%', networkFee: '0.000021 ETH', minimum: '0.4975 LTK' },
    labels: {
      from: 'You pay', to: 'You receive', chooseToken: 'Choose', amount: 'Amount', max: 'Max', maxLabel: 'Max', flip: 'Switch', quoting: 'Quoting',
      rate: 'Rate', priceImpact: 'Price impact', networkFee: 'Network fee', minimum: 'Minimum received', slippage: 'Slippage', submit: 'Review swap',
    },
    onPick() {}, onChange() {}, onMax() {}, onFlip() {}, onSubmit() {},
  };

  it('the quote sits inside the "You receive" card, the flip button between the two cards', () => {
    flushSync(() => panel.root.render(<SwapForm {...props} />));
    const cards = [...panel.host.querySelectorAll('.swap-card')];
    expect(cards).to.have.length(2);
    expect(cards[1]!.textContent).to.contain('You receive');
    const quote = panel.host.querySelector('.review-list')!;
    expect(inside(box(quote), box(cards[1]!))).to.equal(true);
    const flip = box(panel.host.querySelector('[data-action="flip"]')!);
    const middle = flip.top + flip.height / 2;
    expect(middle).to.be.within(box(cards[0]!).bottom - 1, box(cards[1]!).top + 1);
  });

  it('"Network fee" and "Minimum received" stay on one line', () => {
    flushSync(() => panel.root.render(<SwapForm {...props} quote={{ ...props.quote, networkFee: '0.000021 ETH ($0.06)', minimum: '10,001.2496 LTK' }} />));
    for (const dt of panel.host.querySelectorAll('.review-list dt')) expect(lineTops(dt), dt.textContent!).to.have.length(1);
  });
});

describe('layout: social login', () => {
  const panel = usePanel([sendCss, socialCss]);
  const t = (id: string, values?: Record<string, string>) => (id === 'social.started' ? `Continue in the ${values!.provider} window` : id.replace('social.', ''));

  it('the spinner sits on the line of its text, not alone on the left', () => {
    flushSync(() => panel.root.render(<SocialButtons providers={['google', 'x']} state={{ status: 'started', provider: 'google' }} onSelect={() => {}} t={t as never} />));
    const spinner = box(panel.host.querySelector('.social-login .spinner')!);
    const text = panel.host.querySelector('[data-social-state="started"]')!;
    expect(text.textContent).to.equal('Continue in the google window');
    const line = box(text.querySelector('span') ?? text);
    expect(Math.abs(spinner.top + spinner.height / 2 - (line.top + line.height / 2))).to.be.below(3);
    expect(spinner.right).to.be.at.most(line.left);
  });
});

describe('layout: activity arrows', () => {
  const panel = usePanel([accountCss]);
  const row = (direction: 'in' | 'out'): ActivityRow => ({
    id: direction, title: direction === 'in' ? 'Received' : 'Sent', direction, directionLabel: direction, counterparty: undefined, counterpartyTitle: undefined,
    amounts: ['+1 ETH'], time: '12:00', iconUrl: undefined, symbol: 'ETH', failed: false, explorer: undefined,
  });

  it('each direction arrow is a solid badge of at least 18 px with its arrow in strong contrast', () => {
    flushSync(() => panel.root.render(<ActivityList rows={[row('in'), row('out')]} label="Activity" loading={false} loadingLabel="Loading" more={false} onEnd={() => {}} />));
    for (const badge of panel.host.querySelectorAll<HTMLElement>('[data-direction-icon]')) {
      expect(box(badge).width).to.be.at.least(18);
      const style = getComputedStyle(badge);
      expect(contrast(style.color, style.backgroundColor), badge.className).to.be.at.least(4.5);
      expect(contrast(style.backgroundColor, 'rgb(255, 255, 255)'), `${badge.className} against the panel`).to.be.at.least(3);
    }
  });
});

describe('layout: the Account settings button', () => {
  const panel = usePanel([accountCss]);
  it('takes the full row, like the network and Disconnect', () => {
    flushSync(() => panel.root.render(
      <div className="account">
        <ul className="list actions">
          {['copy', 'receive', 'send', 'wallets', 'account-settings', 'switch-network', 'disconnect'].map((action) => (
            <li key={action} className={['account-settings', 'switch-network', 'disconnect'].includes(action) ? 'action-row' : undefined}><button type="button" className="list-button" data-action={action}><span className="list-label">{action}</span></button></li>
          ))}
        </ul>
      </div>,
    ));
    const list = box(panel.host.querySelector('.actions')!);
    const settings = box(panel.host.querySelector('[data-action="account-settings"]')!);
    expect(settings.width).to.be.closeTo(list.width, 1);
  });
});

describe('text: the Send form', () => {
  let fixture: { el: WalletConnectModalElement };
  const ETH = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 20002499.25, price: 2000, quantity: { decimals: '18', numeric: '10001.249612345678901234' }, iconUrl: '' };
  const { connectAndOpen } = useAccountFixture(
    { wallet: { rdns: 'com.example.available', name: 'Available Wallet' }, chains: ['eip155:1'], balances: [ETH], features: 'send' },
    (f) => { fixture = f; },
  );

  it('"Available" shows the balance with at most four decimals, and the picker keeps it on one line', async () => {
    $sendDraft.set({ tokenKey: undefined, amount: '', receiver: '' });
    await connectAndOpen();
    const { el } = fixture;
    (await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('[data-action="send"]'), 'Send', LAZY_MS)).click();
    const picker = await waitFor(() => el.shadowRoot!.querySelector<HTMLButtonElement>('#send-token'), 'the Send form', LAZY_MS);
    picker.click();
    (await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('[role="option"]'), 'the option', LAZY_MS)).click();
    const available = await waitFor(() => el.shadowRoot!.querySelector('#send-available'), 'Available', LAZY_MS);
    expect(available.textContent).to.equal('Available: 10,001.2496 ETH');
    const balance = picker.querySelector('[data-balance]')!;
    expect(balance.textContent).to.equal('10,001.2496 ETH');
    expect(lineTops(balance)).to.have.length(1);
  });
});

describe('layout: the modal', () => {
  const beta = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
  let el: WalletConnectModalElement;
  let stop: () => void;
  afterEach(async () => {
    stop?.();
    await el.disconnect();
    await cleanup();
  });

  it('a toast does not cover the view: it sits over the header, clear of the body', async () => {
    stop = announceWallet(walletInfo('com.example.toast', 'Toast Wallet', SVG_ICON), beta);
    el = mount({ networks: 'eip155:1' });
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length >= 1, 'the wallet');
    showToast('success', 'Copied');
    const toast = await waitFor(() => part(el, 'toast'), 'the toast');
    expect(box(toast).bottom).to.be.at.most(box(part(el, 'body')!).top);
    expect(box(toast).right).to.be.at.most(box(part(el, 'close-button')!).left);
  });
});

describe('layout: Receive', () => {
  let fixture: { el: WalletConnectModalElement };
  const { connectAndOpen } = useAccountFixture(
    { wallet: { rdns: 'com.example.receive', name: 'Receive Wallet' }, chains: ['eip155:1'], balances: [], features: 'send' },
    (f) => { fixture = f; },
  );

  it('the address wraps in two halves, never with a few characters alone on a line', async () => {
    await connectAndOpen();
    const { el } = fixture;
    (await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('[data-action="receive"]'), 'Receive', LAZY_MS)).click();
    const address = await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('.receive-address'), 'the address', LAZY_MS);
    expect(address.textContent).to.equal(ALICE);
    const range = document.createRange();
    const tops = new Map<number, number>();
    const text = [...address.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE);
    for (const node of text) {
      for (let i = 0; i < node.textContent!.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        tops.set(top, (tops.get(top) ?? 0) + 1);
      }
    }
    for (const count of tops.values()) expect(count).to.be.at.least(20);
  });
});

/** WCAG contrast ratio of two computed rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = color.match(/[\d.]+/g)!.slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the generated avatar', () => {
  let fixture: { el: WalletConnectModalElement };
  const { connectAndOpen } = useAccountFixture(
    { wallet: { rdns: 'com.example.avatar', name: 'Avatar Wallet' }, chains: ['eip155:1'], balances: [], features: 'send' },
    (f) => { fixture = f; },
  );

  it('Account shows the address\'s gradient (as the account button does), not a letter', async () => {
    await connectAndOpen();
    const { el } = fixture;
    const avatar = await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('.account [part~="avatar"]'), 'the avatar', LAZY_MS);
    expect(avatar.textContent).to.equal('');
    const [a, b] = avatarHues(ALICE);
    const image = getComputedStyle(avatar).backgroundImage;
    expect(image).to.match(/^linear-gradient/);
    const probe = document.createElement('span');
    probe.style.color = `hsl(${a} 70% 55%)`;
    document.body.append(probe);
    const first = getComputedStyle(probe).color;
    probe.style.color = `hsl(${b} 70% 45%)`;
    const second = getComputedStyle(probe).color;
    probe.remove();
    expect(image).to.contain(first).and.to.contain(second);
    expect(box(avatar).width).to.equal(72);
  });
});

describe('icons: social providers', () => {
  const panel = usePanel([sendCss, socialCss]);
  it('each social button shows its brand mark (Simple Icons), inline', () => {
    const providers = ['google', 'x', 'discord', 'github', 'apple', 'facebook', 'farcaster'];
    flushSync(() => panel.root.render(<SocialButtons providers={providers} state={{ status: 'idle' }} onSelect={() => {}} t={((id: string) => id) as never} />));
    const marks = providers.map((p) => panel.host.querySelector(`[data-social="${p}"] svg[data-brand="${p}"] path`)?.getAttribute('d'));
    expect(marks).to.deep.equal([siGoogle, siX, siDiscord, siGithub, siApple, siFacebook, siFarcaster].map((icon) => icon.path));
    expect(panel.host.querySelector('[data-social] img')).to.equal(null);
  });
});
