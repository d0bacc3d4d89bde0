// Connect with the email and social logins (auth-url, features=email,socials): the login blocks load on demand, and
// the wallets must not move once shown. Its own file: the blocks' code loads once per page, and the first load is
// the one under test.
import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { ALICE, SVG_ICON, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { cleanup, mount, waitFor } from './support/element.js';

const AUTH_URL = `http://localhost:${location.port}/auth/`;

describe('<wallet-connect-modal> Connect with the login blocks: the wallets do not move', () => {
  let el: WalletConnectModalElement;
  let stop: () => void;
  afterEach(async () => {
    stop();
    await el.disconnect();
    await cleanup();
  });

  it('the first wallet is shown where it stays: the email field and the social buttons are above it from the start', async () => {
    stop = announceWallet(walletInfo('com.example.shift', 'Shift Wallet', SVG_ICON), createFakeProvider({ accounts: [ALICE], chainId: '0x1' }));
    el = mount({ networks: 'eip155:1', 'project-id': 'p1', 'auth-url': AUTH_URL, features: 'email,socials', socials: 'google,github' });
    const root = el.shadowRoot!;
    const wallet = () => root.querySelector<HTMLElement>('[data-wallet-id="injected:com.example.shift"]');
    let first: { top: number; email: boolean; socials: boolean } | undefined;
    // Read in the observer, before the browser paints: the place the visitor first sees.
    const seen = new MutationObserver(() => {
      const button = wallet();
      if (!first && button) first = { top: button.getBoundingClientRect().top, email: !!root.querySelector('[data-auth="email"]'), socials: !!root.querySelector('[data-social="google"]') };
    });
    seen.observe(root, { childList: true, subtree: true });
    el.open();
    await waitFor(() => root.querySelector('[data-auth="email"]') && root.querySelector('[data-social="github"]') && wallet(), 'the blocks and the wallet');
    seen.disconnect();
    expect(first, 'the wallet as first shown').to.include({ email: true, socials: true });
    expect(wallet()!.getBoundingClientRect().top).to.equal(first!.top);
  });
});
