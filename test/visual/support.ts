import { expect } from '@esm-bundle/chai';
import { emulateMedia, executeServerCommand, setViewport } from '@web/test-runner-commands';
import type { WalletConnectModalElement } from '../../src/index.js';
import { axeFindings } from '../element/support/axe.js';

/** The sizes every view state is drawn at: desktop and phone. */
export const SIZES = [
  { size: 'desktop', width: 1280, height: 800 },
  { size: 'phone', width: 390, height: 844 },
] as const;
export const THEMES = ['light', 'dark'] as const;

/**
 * The font of the pictures: Inter from the @fontsource/inter npm package (pinned in package.json), served by the
 * test server, so a picture does not depend on the machine's fonts (the monospace address alone uses the system's).
 */
const FONT = 'Visual Inter';
let fontLoaded: Promise<void> | undefined;
function loadFont(): Promise<void> {
  fontLoaded ??= (async () => {
    for (const weight of [400, 500, 600, 700]) {
      const face = new FontFace(FONT, `url(/node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff2)`, { weight: String(weight) });
      document.fonts.add(await face.load());
    }
  })();
  return fontLoaded;
}

/** Before each picture test: a page with nothing saved, the pinned font, no motion. */
export async function preparePage(): Promise<void> {
  localStorage.clear();
  await loadFont();
  await emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  document.body.style.margin = '0';
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

/**
 * Until a lazy view's chunk has come in (no "Loading" in place of the view), the widget's images have loaded or
 * failed, and two frames have been drawn since.
 */
async function settle(el: HTMLElement): Promise<void> {
  await document.fonts.ready;
  const start = performance.now();
  const root = el.shadowRoot!;
  while (root.querySelector('[part~="body"] > .loading') && performance.now() - start < 20000) await frame();
  while ([...root.querySelectorAll('img')].some((img) => !img.complete) && performance.now() - start < 25000) await frame();
  await frame();
  await frame();
}

/**
 * Takes the view state's pictures, named `<view>-<state>-<size>-<theme>`, at each size and theme, and compares each
 * with its baseline (scripts/visual-plugin.mjs); fails listing every picture that differs.
 */
export async function pictures(el: WalletConnectModalElement, view: string, state: string): Promise<void> {
  el.style.setProperty('--wallet-modal-font-family', `'${FONT}'`);
  const failures: string[] = [];
  for (const { size, width, height } of SIZES) {
    await setViewport({ width, height });
    for (const theme of THEMES) {
      el.setAttribute('theme', theme);
      await settle(el);
      const result = await executeServerCommand<{ ok: boolean; message?: string }, { name: string }>('visual-compare', { name: `${view}-${state}-${size}-${theme}` });
      if (!result?.ok) failures.push(result?.message ?? 'no answer from visual-compare');
      // Each pictured state is also checked by axe, in both themes and both sizes: every rule in the light theme
      // on the desktop, the colour rules elsewhere (contrast is what a theme or a size changes).
      const findings = await axeFindings(el, theme === 'light' && size === SIZES[0]!.size);
      failures.push(...findings.map((finding) => `${view}-${state}-${size}-${theme}: ${finding}`));
    }
  }
  expect(failures).to.deep.equal([]);
}
