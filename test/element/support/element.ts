import type { WalletConnectModalElement } from '../../../src/index.js';
import './reportable-errors.js';

/**
 * Polls `check` each animation frame until it returns a truthy value (React renders asynchronously). The limit
 * only matters when the test fails: views load as chunks, and the test server compiles each module on its first
 * request, which on a loaded 2-core machine took past 3 s.
 */
export async function waitFor<T>(check: () => T, what = 'condition', timeoutMs = 8000): Promise<NonNullable<T>> {
  const start = performance.now();
  for (;;) {
    const value = check();
    if (value) return value as NonNullable<T>;
    if (performance.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  }
}

/** Creates <wallet-connect-modal> with the given attributes and adds it to the page. */
export function mount(attributes: Record<string, string> = {}, tag = 'wallet-connect-modal'): WalletConnectModalElement {
  const el = document.createElement(tag) as WalletConnectModalElement;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

export const dialogOf = (el: HTMLElement) => el.shadowRoot!.querySelector('dialog')!;
export const part = (el: HTMLElement, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
export const parts = (el: HTMLElement, name: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`)];
export const titleText = (el: HTMLElement) => part(el, 'title')?.textContent ?? '';
export const bodyText = (el: HTMLElement) => part(el, 'body')?.textContent ?? '';

/** Opens and waits until the dialog is shown with its view's content. */
export async function openAndRender(el: WalletConnectModalElement, options?: Parameters<WalletConnectModalElement['open']>[0]): Promise<HTMLDialogElement> {
  el.open(options);
  // Past the loading state: the entry's shell (elements/view-shell.ts), or a lazy view's Suspense fallback.
  await waitFor(() => dialogOf(el)?.open && [...(part(el, 'body')?.children ?? [])].some((child) => !child.matches('.loading')), 'the dialog to open with content');
  return dialogOf(el);
}

/** Closes (if open) and removes every widget element the test added. */
export async function cleanup(): Promise<void> {
  for (const el of document.querySelectorAll<WalletConnectModalElement>('wallet-connect-modal, [data-test-widget]')) {
    if (typeof el.close === 'function') el.close();
    el.remove();
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Records the detail of each `name` event heard on document (the events bubble). */
export function record<T = unknown>(name: string): { details: T[]; stop(): void } {
  const details: T[] = [];
  const listener = (event: Event) => details.push((event as CustomEvent<T>).detail);
  document.addEventListener(name, listener);
  return { details, stop: () => document.removeEventListener(name, listener) };
}

/** The focused element, looking through shadow roots. */
export function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** The Connect view's browser-wallet buttons (not the WalletConnect and All wallets entries below them). */
export const walletButtons = (el: HTMLElement) => parts(el, 'wallet-button').filter((button) => button.dataset.walletId?.startsWith('injected:'));

/**
 * Registers hooks that collect what the widget writes to `console.error` during each test (and clean up the
 * widget after it); the returned array holds the current test's lines.
 */
export function useConsoleErrors(): string[] {
  const logged: string[] = [];
  const realError = console.error;
  beforeEach(() => {
    logged.length = 0;
    console.error = (...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    };
  });
  afterEach(async () => {
    console.error = realError;
    await cleanup();
  });
  return logged;
}
