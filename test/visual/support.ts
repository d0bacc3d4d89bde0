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
 * The font of the pictures: Inter from the @fontsource/inter npm package, and for Arabic script Noto Sans Arabic from
 * @fontsource/noto-sans-arabic (both pinned in package.json), served by the test server, so a picture does not
 * depend on the machine's fonts (the monospace address alone uses the system's).
 */
const FONT = 'Visual Inter';
let fontLoaded: Promise<void> | undefined;
function loadFont(): Promise<void> {
  fontLoaded ??= (async () => {
    for (const weight of [400, 500, 600, 700]) {
      const face = new FontFace(FONT, `url(/node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff2)`, { weight: String(weight) });
      document.fonts.add(await face.load());
      const arabic = new FontFace(FONT, `url(/node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff2)`, {
        weight: String(weight),
        unicodeRange: 'U+0600-06FF, U+0750-077F, U+0870-088E, U+0890-0891, U+0898-08E1, U+08E3-08FF, U+200C-200E, U+2010-2011, U+204F, U+2E41, U+FB50-FDFF, U+FE70-FE74, U+FE76-FEFC',
      });
      document.fonts.add(await arabic.load());
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
 * A phone at 200 % zoom: a 390×844 screen zoomed to 200 % lays pages out in 195×422 CSS pixels (what WCAG's "resize
 * text" and "reflow" ask a page to survive).
 */
export const ZOOMED = { width: 195, height: 422 } as const;

/**
 * What is unusable in the view at 200 % zoom on a phone: a control (button, link, field) wider than the screen or
 * cut off at its left or right edge, content that scrolls sideways, or a dialog taller than the screen that does not
 * scroll. Empty when every control can be reached and read.
 */
export function zoomFindings(el: HTMLElement): string[] {
  const root = el.shadowRoot!;
  const dialog = root.querySelector('dialog')!;
  const findings: string[] = [];
  const name = (node: Element) => `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.getAttribute('data-action') ? `[data-action=${node.getAttribute('data-action')}]` : ''} "${(node.getAttribute('aria-label') ?? node.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30)}"`;
  for (const control of root.querySelectorAll('button, a[href], input, select, textarea, [role="button"], [role="tab"]')) {
    const box = control.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (control.closest('[hidden], [aria-hidden="true"]')) continue;
    if (box.left < -0.5 || box.right > ZOOMED.width + 0.5) findings.push(`${name(control)} is cut off (x ${Math.round(box.left)} to ${Math.round(box.right)} of ${ZOOMED.width})`);
  }
  for (const node of [dialog, ...dialog.querySelectorAll('*')]) {
    const style = getComputedStyle(node);
    if (node.scrollWidth > node.clientWidth + 1 && ['auto', 'scroll'].includes(style.overflowX) && !node.matches('pre, code, [role="listbox"], .qr, [data-scroll-x]')) findings.push(`${name(node)} scrolls sideways (${node.scrollWidth} in ${node.clientWidth})`);
  }
  // A dialog taller than the screen must let its content scroll: the last control can be reached.
  const controls = [...root.querySelectorAll('button, a[href], input')].filter((node) => node.getBoundingClientRect().height > 0);
  const last = controls.at(-1);
  if (last) {
    const scroller = [last.parentElement, ...ancestors(last)].find((node) => node && ['auto', 'scroll'].includes(getComputedStyle(node).overflowY) && node.scrollHeight > node.clientHeight);
    const box = last.getBoundingClientRect();
    if (box.bottom > ZOOMED.height + 0.5 && !scroller) findings.push(`${name(last)} is below the screen (y ${Math.round(box.bottom)} of ${ZOOMED.height}) and nothing scrolls`);
  }
  return findings;
}

function ancestors(node: Element): Element[] {
  const list: Element[] = [];
  for (let current: Node | null = node.parentNode; current; current = current instanceof ShadowRoot ? current.host : current.parentNode) {
    if (current instanceof Element) list.push(current);
  }
  return list;
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
  // And usable at 200 % zoom on a phone (no picture: the layout is checked).
  await setViewport(ZOOMED);
  el.setAttribute('theme', 'light');
  await settle(el);
  failures.push(...zoomFindings(el).map((finding) => `${view}-${state}-zoom-200%: ${finding}`));
  expect(failures).to.deep.equal([]);
}
