import { expect } from '@esm-bundle/chai';
import { appLinkKind, buildWalletLink, walletLinkFor } from '../../../src/core/deep-links.js';
import { isSystemScheme } from '../../../src/core/system-schemes.js';

const URI = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303';
const ENCODED = encodeURIComponent(URI);

describe('core/deep-links', () => {
  it('accepts https links and plain app schemes', () => {
    for (const link of ['https://metamask.app.link', 'HTTPS://Link.TrustWallet.com/', 'https://phantom.app/ul', 'https://x.example/a?b=c']) {
      expect(appLinkKind(link), link).to.equal('universal');
    }
    for (const link of ['metamask://', 'okex://main', 'bnc://app.binance.com/cedefi', 'trust:', 'Rainbow://', 'tpoutside://', 'my-wallet.app+x://open']) {
      expect(appLinkKind(link), link).to.equal('native');
    }
  });

  it('refuses script, data, file and browser-internal schemes, in any case', () => {
    const bad = [
      'javascript:alert(1)', 'javascript://%0aalert(1)', 'JavaScript://comment%0Aalert(1)', 'JAVASCRIPT:', 'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>', 'data://text/html;base64,PHNjcmlwdD4=', 'file:///etc/passwd', 'FILE://server/share',
      'blob:https://x.example/1', 'about:blank', 'about://blank', 'view-source://x', 'chrome://settings', 'chrome-extension://abc/x.html',
      'intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end', 'filesystem://x',
    ];
    for (const link of bad) expect(appLinkKind(link), link).to.equal(undefined);
  });

  it('refuses the schemes the phone or the browser handles itself: calls, messages, installs, settings, stores', () => {
    const bad = [
      'tel://+15551234', 'tel:+15551234', 'TEL://1', 'sms://+15551234', 'smsto://1', 'mms://1', 'mailto://a@b.example', 'facetime://a@b.example',
      'facetime-audio://1', 'itms://x', 'itms-apps://apps.apple.com/app/id1', 'itms-services://?action=download-manifest&url=https://evil.example/m.plist',
      'itms-appss://x', 'maps://?q=x', 'shortcuts://run-shortcut?name=x', 'x-apple-health://', 'x-apple-reminderkit://x', 'prefs:root=General',
      'app-settings:', 'settings://x', 'content://com.android.contacts/contacts', 'market://details?id=x', 'android-app://com.x/https/x',
      'ms-settings:privacy', 'ms-windows-store://pdp/?productid=x', 'MS-Word:ofe|u|https://evil.example/x.docx', 'ms-anything-new://x', 'search-ms:query=x',
      'microsoft-edge:https://x.example', 'chrome-search://x', 'edge://settings', 'opera://x', 'vivaldi://x', 'moz-extension://x', 'web+wallet://x',
      'sip://a@b.example', 'geo:0,0', 'webcal://x.example/c.ics', 'magnet:?xt=urn:btih:x', 'ssh://x.example', 'ftps://x.example', 'urn:x',
    ];
    for (const link of bad) expect(appLinkKind(link), link).to.equal(undefined);
  });

  it('keeps wallet schemes that merely contain a system word', () => {
    for (const link of ['telos://', 'smswallet://', 'marketwallet://', 'msafe://', 'chromawallet://', 'mailwallet://', 'settle://', 'itmwallet://']) {
      expect(appLinkKind(link), link).to.equal('native');
    }
    expect(isSystemScheme('itms-newvariant')).to.equal(true);
    expect(isSystemScheme('metamask')).to.equal(false);
  });

  it('refuses plain http and other non-https transports', () => {
    for (const link of ['http://metamask.app.link', 'HTTP://x.example', 'ws://x.example', 'wss://x.example', 'ftp://x.example']) {
      expect(appLinkKind(link), link).to.equal(undefined);
    }
  });

  it('refuses whitespace, control, zero-width and bidi characters anywhere rather than trimming them', () => {
    const bad = [
      ' metamask://', 'metamask:// ', '\tjavascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript://x', 'javascript\u0000://x',
      '\u0001https://x.example', 'https://x.example/\u007f', 'meta\u200bmask://', 'https://x.example/\u202e', '\ufeffmetamask://', 'https://x.example/a b',
    ];
    for (const link of bad) expect(appLinkKind(link), JSON.stringify(link)).to.equal(undefined);
  });

  it('refuses links that are not links: empty, relative, schemeless, malformed, credentials, too long', () => {
    const bad = ['', '//evil.example', '/wc', 'metamask', '1inch://x', '-x://y', 'meta mask://', 'metamask:/x', 'https://', 'https:///path', 'https://\\evil.example',
      'https://wallet.example@evil.example/', 'https://user:pass@x.example/', `https://x.example/${'a'.repeat(2100)}`];
    for (const link of bad) expect(appLinkKind(link), link).to.equal(undefined);
    expect(appLinkKind(undefined as unknown as string)).to.equal(undefined);
  });

  it('builds universal links as <link>/wc?uri=<encoded>, once', () => {
    expect(buildWalletLink('https://metamask.app.link', URI)).to.equal(`https://metamask.app.link/wc?uri=${ENCODED}`);
    expect(buildWalletLink('https://link.trustwallet.com/', URI)).to.equal(`https://link.trustwallet.com/wc?uri=${ENCODED}`);
    expect(buildWalletLink('https://phantom.app/ul', URI)).to.equal(`https://phantom.app/ul/wc?uri=${ENCODED}`);
    expect(buildWalletLink('https://x.example/app/wc', URI)).to.equal(`https://x.example/app/wc?uri=${ENCODED}`);
    expect(buildWalletLink('https://x.example/app/wc/', URI)).to.equal(`https://x.example/app/wc?uri=${ENCODED}`);
    expect(buildWalletLink('https://x.example/a?ref=dapp#top', URI)).to.equal(`https://x.example/a/wc?ref=dapp&uri=${ENCODED}`);
  });

  it('builds native links as scheme://wc?uri=<encoded>, adding // and a path separator as needed', () => {
    expect(buildWalletLink('metamask://', URI)).to.equal(`metamask://wc?uri=${ENCODED}`);
    expect(buildWalletLink('trust:', URI)).to.equal(`trust://wc?uri=${ENCODED}`);
    expect(buildWalletLink('okex://main', URI)).to.equal(`okex://main/wc?uri=${ENCODED}`);
    expect(buildWalletLink('okex://main/', URI)).to.equal(`okex://main/wc?uri=${ENCODED}`);
    expect(buildWalletLink('bnc://app.binance.com/cedefi', URI)).to.equal(`bnc://app.binance.com/cedefi/wc?uri=${ENCODED}`);
    expect(buildWalletLink('foo://wc', URI)).to.equal(`foo://wc?uri=${ENCODED}`);
    expect(buildWalletLink('foo://app/wc/', URI)).to.equal(`foo://app/wc?uri=${ENCODED}`);
    expect(buildWalletLink('foo://app?x=1', URI)).to.equal(`foo://app/wc?x=1&uri=${ENCODED}`);
  });

  it('encodes the whole URI, so nothing in it can end the query or start another parameter', () => {
    const link = buildWalletLink('metamask://', 'wc:abc@2?a=1&b=2#frag')!;
    expect(link).to.equal('metamask://wc?uri=wc%3Aabc%402%3Fa%3D1%26b%3D2%23frag');
    expect(new URL(link.replace('metamask:', 'https:')).searchParams.get('uri')).to.equal('wc:abc@2?a=1&b=2#frag');
  });

  it('builds nothing for an unsafe link', () => {
    for (const link of ['javascript://x', 'http://x.example', 'data:,x', ' metamask://']) expect(buildWalletLink(link, URI), link).to.equal(undefined);
  });

  it('walletLinkFor prefers the native mobile link, else the universal one, else link_mode', () => {
    expect(walletLinkFor({ mobile_link: 'metamask://', link_mode: 'https://metamask.app.link' }, URI)).to.equal(`metamask://wc?uri=${ENCODED}`);
    expect(walletLinkFor({ mobile_link: 'https://phantom.app/ul', link_mode: null }, URI)).to.equal(`https://phantom.app/ul/wc?uri=${ENCODED}`);
    expect(walletLinkFor({ mobile_link: null, link_mode: 'https://lm.example' }, URI)).to.equal(`https://lm.example/wc?uri=${ENCODED}`);
    expect(walletLinkFor({ mobile_link: 'javascript://x', link_mode: 'https://lm.example' }, URI)).to.equal(`https://lm.example/wc?uri=${ENCODED}`);
    expect(walletLinkFor({ mobile_link: 'http://x.example', link_mode: 'okex://main' }, URI)).to.equal(undefined);
    expect(walletLinkFor({}, URI)).to.equal(undefined);
  });
});
