import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { $onMobile } from '../../src/stores/device.js';
import { chooseFirstFocus } from '../../src/views/first-focus.js';
import { ALICE, SVG_ICON, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { cleanup, dialogOf, mount, openAndRender, waitFor } from './support/element.js';

const AUTH_URL = `http://localhost:${location.port}/auth/`;

/** A dialog's header and body, as the Dialog renders them, with `body` inside. */
function frame(body: string): HTMLElement {
  const dialog = document.createElement('div');
  dialog.innerHTML = `<header class="header"><button part="back-button">Back</button><button part="close-button">Close</button></header><div class="body">${body}</div>`;
  document.body.append(dialog);
  return dialog;
}

describe('first focus: the rules (chooseFirstFocus)', () => {
  afterEach(() => {
    document.querySelectorAll('body > div').forEach((d) => d.remove());
    $onMobile.set(false);
  });

  it('the namespace chooser focuses Back', () => {
    const dialog = frame('<p>Which one?</p><button data-wallet-id="a">Ethereum and EVM networks</button><button data-wallet-id="b">Solana</button>');
    expect(chooseFirstFocus(dialog, { view: 'NamespaceChooser', opens: 1 }).target?.textContent).to.equal('Back');
  });

  it('the send result focuses "Copy hash", not Done', () => {
    const dialog = frame('<a href="https://x.test/tx">View</a><button data-action="copy-hash">Copy hash</button><button data-action="done">Done</button>');
    expect(chooseFirstFocus(dialog, { view: 'SendResult', opens: 1 }).target?.dataset.action).to.equal('copy-hash');
  });

  it('on a phone, the first text field; elsewhere the first control', () => {
    const dialog = frame('<button class="picker">ETH</button><input type="checkbox"><input id="amount" inputmode="decimal">');
    expect(chooseFirstFocus(dialog, { view: 'Send', opens: 1 }).target?.className).to.equal('picker');
    $onMobile.set(true);
    expect(chooseFirstFocus(dialog, { view: 'Send', opens: 1 }).target?.id).to.equal('amount');
  });

  it('Connect: WalletConnect on the first open, skipping the email field, socials and browser wallets', () => {
    const dialog = frame('<input type="email"><button data-social="google">Google</button><button data-wallet-id="injected:x">X</button><button data-wallet-id="walletconnect">WalletConnect</button>');
    expect(chooseFirstFocus(dialog, { view: 'Connect', opens: 1 }).target?.dataset.walletId).to.equal('walletconnect');
    expect(chooseFirstFocus(dialog, { view: 'Connect', opens: 2 }).target?.getAttribute('type')).to.equal('email');
  });
});

describe('first focus: Connect in the modal, first and second open', () => {
  let el: WalletConnectModalElement;
  let stop: () => void;
  const active = () => el.shadowRoot!.activeElement as HTMLElement | null;
  beforeEach(() => {
    stop = announceWallet(walletInfo('com.example.focus', 'Focus Wallet', SVG_ICON), createFakeProvider({ accounts: [ALICE], chainId: '0x1' }));
    el = mount({ networks: 'eip155:1', 'project-id': 'p1', 'auth-url': AUTH_URL, features: 'email,socials' });
  });
  afterEach(async () => {
    stop();
    await el.disconnect();
    await cleanup();
  });

  it('the first open focuses WalletConnect; the second the email field', async () => {
    await openAndRender(el);
    await waitFor(() => el.shadowRoot!.querySelector('input[type="email"]'), 'the email field');
    await waitFor(() => active()?.dataset.walletId === 'walletconnect', 'focus on WalletConnect', 3000).catch(() => {});
    expect(active()?.dataset.walletId).to.equal('walletconnect');
    el.close();
    await waitFor(() => !dialogOf(el).open, 'closed');
    await openAndRender(el);
    await waitFor(() => active()?.getAttribute('type') === 'email', 'focus on the email field', 5000).catch(() => {});
    expect(active()?.getAttribute('type')).to.equal('email');
    expect(active()?.id).to.equal('auth-email');
  });
});
