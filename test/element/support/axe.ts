import { expect } from '@esm-bundle/chai';
import type { WalletConnectModalElement } from '../../../src/index.js';

// axe-core in the test page, shared by the accessibility suites.
interface AxeResult {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown; failureSummary?: string }>;
}
interface Axe {
  run(context: unknown, options?: unknown): Promise<{ violations: AxeResult[]; passes: AxeResult[] }>;
}
declare global {
  interface Window {
    axe?: Axe;
  }
}

export function loadAxe(): Promise<Axe> {
  if (window.axe) return Promise.resolve(window.axe);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    script.onload = () => resolve(window.axe!);
    script.onerror = () => reject(new Error('axe-core did not load'));
    document.head.append(script);
  });
}

/**
 * Runs axe on the element (its shadow tree included): every rule in the light theme, and the colour rules
 * again in the dark theme. No serious or critical violation.
 */
export async function expectAccessible(el: WalletConnectModalElement, state: string) {
  const axe = await loadAxe();
  for (const theme of ['light', 'dark'] as const) {
    el.setAttribute('theme', theme);
    const options = theme === 'light' ? { resultTypes: ['violations', 'passes'] } : { runOnly: ['color-contrast', 'link-in-text-block'], resultTypes: ['violations', 'passes'] };
    const results = await axe.run(el, options);
    // axe saw the dialog's content, not just an empty host.
    const sawDialog = theme === 'light' ? results.passes.some((r) => r.id === 'aria-dialog-name' || r.id === 'button-name') : results.passes.some((r) => r.nodes.length > 0);
    expect(sawDialog, `${state}, theme ${theme}: axe checked the dialog`).to.equal(true);
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const report = severe.map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}\n${v.nodes.map((n) => n.failureSummary).join('\n')}`);
    expect(report, `${state}, theme ${theme}`).to.deep.equal([]);
  }
}

/**
 * The serious and critical findings of axe on the element as it is shown now, in its current theme and size:
 * every rule (`all`), or the colour rules only. For suites that look at many states (the visual suite).
 */
export async function axeFindings(el: WalletConnectModalElement, all: boolean): Promise<string[]> {
  const axe = await loadAxe();
  const results = await axe.run(el, all ? { resultTypes: ['violations', 'passes'] } : { runOnly: ['color-contrast', 'link-in-text-block'], resultTypes: ['violations', 'passes'] });
  // axe saw the dialog's text, not an empty host.
  const saw = results.passes.some((r) => r.id === 'color-contrast' && r.nodes.length > 0);
  return (saw ? [] : ['axe checked no text in the dialog']).concat(results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`));
}
