import { expect } from '@esm-bundle/chai';
import { installLinkFor, installPlatform } from '../../../src/core/install-links.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const METAMASK = {
  homepage: 'https://metamask.io',
  app_store: 'https://apps.apple.com/us/app/metamask/id1438144202',
  play_store: 'https://play.google.com/store/apps/details?id=io.metamask',
  chrome_store: 'https://chrome.google.com/webstore/detail/metamask/nkbihfbeogaeaoehlefnkodbefgpgknn',
};

describe('core/install-links', () => {
  it('tells the platform whose store to use from the user agent', () => {
    expect(installPlatform(IPHONE)).to.equal('ios');
    expect(installPlatform(IPAD_DESKTOP_MODE, 5)).to.equal('ios');
    expect(installPlatform(IPAD_DESKTOP_MODE, 0)).to.equal('other');
    expect(installPlatform(ANDROID)).to.equal('android');
    expect(installPlatform(CHROME)).to.equal('chromium');
    expect(installPlatform(EDGE)).to.equal('chromium');
    expect(installPlatform(FIREFOX)).to.equal('other');
  });

  it("gives the visitor's store: App Store on iOS, Play on Android, the extension store on a desktop Chromium, else the homepage", () => {
    expect(installLinkFor(METAMASK, 'ios')).to.deep.equal({ kind: 'app_store', url: METAMASK.app_store });
    expect(installLinkFor(METAMASK, 'android')).to.deep.equal({ kind: 'play_store', url: METAMASK.play_store });
    expect(installLinkFor(METAMASK, 'chromium')).to.deep.equal({ kind: 'chrome_store', url: METAMASK.chrome_store });
    expect(installLinkFor(METAMASK, 'other')).to.deep.equal({ kind: 'homepage', url: METAMASK.homepage });
    expect(installLinkFor({ homepage: METAMASK.homepage, app_store: null }, 'ios')).to.deep.equal({ kind: 'homepage', url: METAMASK.homepage });
    expect(installLinkFor({}, 'ios')).to.equal(undefined);
  });

  it('follows only safe https links', () => {
    for (const bad of ['javascript:alert(1)', 'http://apps.apple.com/x', 'itms-apps://apps.apple.com/x', 'https://apps.apple.com@evil.example/', 'https://apps.apple.com/ x', '']) {
      expect(installLinkFor({ app_store: bad }, 'ios'), bad).to.equal(undefined);
      expect(installLinkFor({ app_store: bad, homepage: 'https://wallet.example' }, 'ios'), bad).to.deep.equal({ kind: 'homepage', url: 'https://wallet.example' });
    }
  });
});
