// The built widget in other languages, on the demo page: a locale's messages are a chunk of their own, fetched
// from the script's origin only when the page is in that language; right to left for Hebrew, Arabic, Persian;
// and the modal for visitors who ask for reduced motion or use forced colours (Windows high contrast).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../server/paths.js';
import { closeContext, type DemoPage, inModal, openDemo, openModal, useE2E } from './harness.js';

const SHOTS = join(PROJECT_ROOT, 'test-results', 'languages');

describe('languages and display preferences (built widget, demo page)', () => {
  const e2e = useE2E();
  let demo: DemoPage | undefined;
  afterEach(async () => {
    if (demo) assert.deepEqual(demo.errors, [], 'no page or console error');
    if (demo) await closeContext(demo.context);
    demo = undefined;
  });

  it('loads a locale’s chunk from the script’s origin only once the page is in that language, and shows it', async () => {
    demo = await openDemo(e2e);
    const { page, requests } = demo;
    const origin = new URL(e2e.stack.url).origin;
    await openModal(page);
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Connect Wallet');
    assert.deepEqual(requests.filter((url) => /\/chunks\/de-[\w-]+\.js$/.test(url)), [], 'no German before it is asked for');
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'de-DE'));
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelector('[part="title"]')?.textContent === 'Wallet verbinden');
    const german = requests.filter((url) => /\/chunks\/de-[\w-]+\.js$/.test(url));
    assert.equal(german.length, 1, 'one German chunk');
    assert.equal(new URL(german[0]!).origin, origin);
    const script = await page.evaluate(() => (document.querySelector('script[type="module"][src*="wallet-connect-modal"]') as HTMLScriptElement | null)?.src ?? '');
    if (script) assert.equal(new URL(script).origin, new URL(german[0]!).origin, 'beside the script');
    assert.equal(await inModal(page, 'dialog').getAttribute('lang'), 'de-DE');
    assert.equal(await inModal(page, 'dialog').getAttribute('dir'), 'ltr');
  });

  it('lays the modal out right to left in Hebrew, the address staying left to right', async () => {
    demo = await openDemo(e2e);
    const { page } = demo;
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.setAttribute('lang', 'he'));
    await openModal(page);
    assert.equal(await inModal(page, 'dialog').getAttribute('dir'), 'rtl');
    // The title sits at the start of the line, which is on the right, and ✕ on the left.
    const header = await inModal(page, '[part="header"]').boundingBox();
    const close = await inModal(page, '[part="close-button"]').boundingBox();
    assert.ok(header && close && close.x - header.x < header.width / 2, 'the close button is on the left');
    mkdirSync(SHOTS, { recursive: true });
    for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(SHOTS, `he-connect-${name}-${scheme}.png`) });
      }
    }
  });

  it('with reduced motion nothing in the modal is animated', async () => {
    demo = await openDemo(e2e);
    const { page } = demo;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openModal(page);
    const moving = await page.evaluate(() => {
      const root = document.querySelector('wallet-connect-modal')!.shadowRoot!;
      const spinner = document.createElement('span');
      spinner.className = 'spinner';
      root.querySelector('[part="body"]')!.append(spinner);
      const found = [...root.querySelectorAll('*')].filter((el) => getComputedStyle(el).animationName !== 'none').map((el) => el.className || el.tagName);
      spinner.remove();
      return found;
    });
    assert.deepEqual(moving, []);
  });

  it('with forced colours every control of the Connect view has a visible edge', async () => {
    demo = await openDemo(e2e);
    const { page } = demo;
    await page.emulateMedia({ forcedColors: 'active' });
    await openModal(page);
    const edgeless = await page.evaluate(() => {
      const root = document.querySelector('wallet-connect-modal')!.shadowRoot!;
      return [...root.querySelectorAll<HTMLElement>('button, input')]
        .filter((el) => el.checkVisibility())
        .filter((el) => {
          const style = getComputedStyle(el);
          return style.borderTopStyle === 'none' || parseFloat(style.borderTopWidth) === 0;
        })
        .map((el) => el.getAttribute('part') ?? el.className);
    });
    assert.deepEqual(edgeless, []);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'forced-colors-connect.png') });
  });
});
