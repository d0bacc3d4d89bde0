import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import type { InstallPlatform } from '../../src/core/install-links.js';
import { $installPlatform } from '../../src/stores/wallet-link.js';
import { type FakeRecord, serveDirectory } from '../unit/support/fake-directory.js';
import { type FakeFetch, installFakeFetch } from '../unit/support/fake-fetch.js';
import { SVG_ICON, announceWallet, createFakeProvider, walletInfo, ALICE } from '../unit/support/fake-wallet.js';
import { expectAccessible } from './support/axe.js';
import { bodyText, cleanup, mount, openAndRender, part, parts, titleText, waitFor } from './support/element.js';

/** Help for visitors without a wallet: What is a wallet? and Get a wallet, with install links. */
const WHAT = [
  'A wallet lets you keep, send and receive digital assets like tokens and NFTs, and sign in to apps with your account.',
  'Only you hold the keys to your wallet: nobody, not even this site, can move your assets without your approval in the wallet.',
  'Connecting shares your public address with this site. Every transaction still asks for your approval in the wallet.',
];
const NO_DIRECTORY =
  'Install a wallet app on your phone or a wallet extension in your browser from its official website or your app store, then come back here to connect.';

let serial = 0;
const active = (el: HTMLElement) => el.shadowRoot!.activeElement;
const paragraphs = (el: HTMLElement) => [...el.shadowRoot!.querySelectorAll('.help > p')].map((p) => p.textContent);
const installLinks = (el: HTMLElement) =>
  parts(el, 'install-link').map((a) => ({ text: a.querySelector('.list-label')!.textContent, href: (a as HTMLAnchorElement).href, target: (a as HTMLAnchorElement).target, rel: (a as HTMLAnchorElement).rel }));

const STORES = {
  app_store: 'https://apps.apple.com/app/id1',
  play_store: 'https://play.google.com/store/apps/details?id=x',
  chrome_store: 'https://chromewebstore.google.com/detail/x',
};
const directory = (): FakeRecord[] =>
  [
    { id: 'w001', name: 'Every Store', homepage: 'https://every.example', ...STORES },
    { id: 'w002', name: 'Only Website', homepage: 'https://only.example' },
    { id: 'w003', name: 'No Links' },
    { id: 'w004', name: 'Unsafe', homepage: 'javascript:alert(1)', app_store: 'http://apps.apple.com/app/id4' },
    { id: 'w005', name: 'Beta Wallet', rdns: 'com.example.beta', homepage: 'https://beta.example' },
  ] as FakeRecord[];

describe('<wallet-connect-modal> help views', () => {
  let net: FakeFetch;
  let base: string;
  let el: WalletConnectModalElement;
  const platform = $installPlatform.get();
  const stop = announceWallet(walletInfo('com.example.beta', 'Beta Wallet', SVG_ICON), createFakeProvider({ accounts: [ALICE], chainId: '0x1' }));

  beforeEach(() => {
    net = installFakeFetch();
    base = `/fake-directory-help-${++serial}`;
  });
  afterEach(async () => {
    await cleanup();
    net.restore();
    $installPlatform.set(platform);
  });
  after(() => stop());

  async function openHelp(attributes: Record<string, string> = {}) {
    el = mount({ networks: 'eip155:1', ...attributes });
    await openAndRender(el);
    const help = await waitFor(() => part(el, 'help-button'), 'the help button');
    expect(help.textContent).to.equal('What is a wallet?');
    help.click();
    await waitFor(() => titleText(el) === 'What is a wallet?' && paragraphs(el).length === 3, 'the What is a wallet? view');
  }

  async function openGetAWallet(attributes: Record<string, string> = {}) {
    await openHelp(attributes);
    (await waitFor(() => parts(el, 'button').find((b) => b.textContent === 'Get a wallet'), 'Get a wallet')).click();
    await waitFor(() => titleText(el) === 'Get a wallet', 'the Get a wallet view');
  }

  it("Connect's footer leads to What is a wallet?: the explanation, focus on Get a wallet, Back returns", async () => {
    await openHelp();
    expect(paragraphs(el)).to.deep.equal(WHAT);
    await waitFor(() => active(el)?.textContent === 'Get a wallet', 'focus on Get a wallet');
    expect(part(el, 'back-button')?.getAttribute('aria-label')).to.equal('Back');
    await expectAccessible(el, 'What is a wallet?');
    part(el, 'back-button')!.click();
    await waitFor(() => titleText(el) === 'Connect Wallet', 'the Connect view again');
  });

  it('is complete by keyboard: Tab to the help button, Enter, Enter on Get a wallet', async () => {
    el = mount({ networks: 'eip155:1' });
    await openAndRender(el);
    const help = await waitFor(() => part(el, 'help-button'), 'the help button');
    await waitFor(() => active(el) !== null && active(el) !== help, 'the first focus');
    for (let i = 0; i < 10 && active(el) !== help; i++) await sendKeys({ press: 'Tab' });
    expect(active(el)?.getAttribute('part')).to.equal('help-button');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => titleText(el) === 'What is a wallet?', 'the What is a wallet? view');
    await waitFor(() => active(el)?.textContent === 'Get a wallet', 'focus on Get a wallet');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => titleText(el) === 'Get a wallet', 'the Get a wallet view');
  });

  it('without directory-url, Get a wallet is a short text and nothing is fetched', async () => {
    await openGetAWallet();
    await waitFor(() => paragraphs(el).length === 1, 'the text');
    expect(paragraphs(el)).to.deep.equal([NO_DIRECTORY]);
    expect(parts(el, 'install-link')).to.have.length(0);
    expect(net.calls).to.have.length(0);
    await expectAccessible(el, 'Get a wallet without a directory');
  });

  for (const [name, expected] of [
    ['ios', [['Get Every Store on the App Store', STORES.app_store], ['Get Only Website', 'https://only.example/']]],
    ['android', [['Get Every Store on Google Play', STORES.play_store], ['Get Only Website', 'https://only.example/']]],
    ['chromium', [['Get the Every Store extension', STORES.chrome_store], ['Get Only Website', 'https://only.example/']]],
    ['other', [['Get Every Store', 'https://every.example/'], ['Get Only Website', 'https://only.example/']]],
  ] as Array<[InstallPlatform, string[][]]>) {
    it(`with directory-url, on ${name}: each wallet's store for that platform, else its website; no unsafe link, no installed wallet`, async () => {
      $installPlatform.set(name);
      serveDirectory(net, directory(), {}, base);
      await openGetAWallet({ 'directory-url': `${location.origin}${base}` });
      await waitFor(() => installLinks(el).length === 2, 'two install links', 5000);
      expect(installLinks(el)).to.deep.equal(expected.map(([text, href]) => ({ text, href, target: '_blank', rel: 'noopener noreferrer' })));
      expect(paragraphs(el)).to.deep.equal(['Choose a wallet to install. Come back here once it is set up to connect.']);
      expect(part(el, 'body')!.querySelector('ul')!.getAttribute('aria-label')).to.equal('Wallets to install');
      if (name === 'ios') await expectAccessible(el, 'Get a wallet with install links');
    });
  }

  it('with directory-url: loading, then a failure with Try again', async () => {
    let fail = true;
    serveDirectory(net, directory(), { fail: () => (fail ? 503 : undefined) }, base);
    await openGetAWallet({ 'directory-url': `${location.origin}${base}` });
    await waitFor(() => bodyText(el).includes('The wallet list could not be loaded.'), 'the failure', 5000);
    fail = false;
    (await waitFor(() => parts(el, 'button').find((b) => b.textContent === 'Try again'), 'Try again')).click();
    await waitFor(() => installLinks(el).length === 2, 'two install links', 5000);
  });
});
