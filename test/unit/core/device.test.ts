import { expect } from '@esm-bundle/chai';
import { isMobileDevice } from '../../../src/core/device.js';

const media = (coarse: boolean) => (query: string) => ({ matches: coarse && query === '(pointer: coarse)' });
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('core/device', () => {
  it('is mobile when the primary pointer is coarse', () => {
    expect(isMobileDevice({ matchMedia: media(true), userAgent: DESKTOP_UA })).to.equal(true);
    expect(isMobileDevice({ matchMedia: media(false), userAgent: DESKTOP_UA })).to.equal(false);
  });

  it('is mobile when the user agent names a mobile platform (docs/wire-formats.md#wallet-directory)', () => {
    const agents = [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15',
      'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)',
      'Mozilla/5.0 (webOS/1.4.0; U; en-US) AppleWebKit/532.2',
      'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en)',
      'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
    ];
    for (const userAgent of agents) expect(isMobileDevice({ matchMedia: media(false), userAgent }), userAgent).to.equal(true);
  });

  it('works without matchMedia or a user agent, and survives a matchMedia that throws', () => {
    expect(isMobileDevice({})).to.equal(false);
    expect(isMobileDevice({ userAgent: 'Android' })).to.equal(true);
    const throwing = () => { throw new Error('nope'); };
    expect(isMobileDevice({ matchMedia: throwing, userAgent: DESKTOP_UA })).to.equal(false);
    expect(isMobileDevice({ matchMedia: throwing, userAgent: 'iPhone' })).to.equal(true);
  });

  it('reads this browser by default (headless desktop Chromium: not mobile)', () => {
    expect(isMobileDevice()).to.equal(false);
  });
});
