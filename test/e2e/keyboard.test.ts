// Every flow with the keyboard alone, on the demo page against the local stack: no click, no fill, no focus() in
// the modal. Each step Tabs (or Shift+Tabs) to a control, which fails if Tab never reaches it, then presses Enter,
// Space, arrows or types. The dev wallet's prompt and the card provider's page are other products (an extension's
// window, the provider's site) but are answered with the keyboard too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCOUNT_1, DEV_WALLET_ID, inModal, useE2E, waitForEvent, widgetState } from './harness.js';
import { emailHelpers } from './email-support.js';
import { siwxHelpers } from './siwx-support.js';

interface Focus {
  match: boolean;
  what: string;
}

/**
 * Whether what has focus (through shadow roots: the widget's, the wallet prompt's), or the element whose shadow root
 * holds it, matches `selector` and, if given,
 * has `text` in its text or label; `what` describes it for an error. (No named function inside: tsx would wrap it in
 * a helper the page does not have.)
 */
const focusIs = (page: Page, selector: string, text?: string): Promise<Focus> =>
  page.evaluate(([sel, txt]) => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el) return { match: false, what: 'nothing' };
    const label = `${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''}`.replace(/\s+/g, ' ').trim();
    const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-action') ? `[data-action=${el.getAttribute('data-action')}]` : ''} "${label.slice(0, 40)}"`;
    // The element, or the custom element whose shadow root it is in (the page's <wallet-connect-button id="open">).
    let target: Element | null = el;
    while (target && !target.matches(sel!)) target = (target.getRootNode() as ShadowRoot).host ?? null;
    return { match: !!target && (!txt || label.includes(txt)), what };
  }, [selector, text] as const);

/** Presses Tab (Shift+Tab with `back`) until `selector` (with `text`) has focus; fails, naming where focus went, after `max` presses. */
async function tabTo(page: Page, selector: string, { text, back = false, max = 40 }: { text?: string; back?: boolean; max?: number } = {}): Promise<void> {
  // The control is shown first (a view's chunk or data may still be on its way): waiting is not pointing.
  await page.locator(selector).filter(text ? { hasText: text } : {}).first().waitFor();
  const path: string[] = [];
  for (let presses = 0; presses <= max; presses += 1) {
    const focus = await focusIs(page, selector, text);
    if (focus.match) return;
    path.push(focus.what);
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}${text ? ` "${text}"` : ''}; focus went: ${path.join(' → ')}`);
}

/** Tabs to a control and presses Enter on it. */
async function press(page: Page, selector: string, options: { text?: string; back?: boolean; key?: string } = {}): Promise<void> {
  await tabTo(page, selector, options);
  await page.keyboard.press(options.key ?? 'Enter');
}

/** In an open token drop-down (focus on its list), moves with the arrow keys to the option `key` and chooses it with Enter. */
async function chooseOption(page: Page, key: string, max = 30): Promise<void> {
  await page.keyboard.press('Home');
  for (let moves = 0; moves <= max; moves += 1) {
    const active = await page.evaluate(() => {
      let el: Element | null = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      const id = el?.getAttribute('aria-activedescendant');
      return id ? el!.getRootNode() instanceof ShadowRoot ? (el!.getRootNode() as ShadowRoot).getElementById(id)?.getAttribute('data-token-key') : null : null;
    });
    if (active === key) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${key} in the list`);
}

/** Answers the dev wallet's prompt of `kind` (its own dialog, focus on Reject first) with Tab and Enter on Approve. */
async function approveInWallet(page: Page, kind: 'connect' | 'send' | 'sign'): Promise<void> {
  await page.locator(`dev-wallet-prompt [data-kind="${kind}"]`).waitFor();
  await press(page, `[data-kind="${kind}"] [data-action="approve"]`);
}

const title = (page: Page) => inModal(page, '[part="title"]');

/**
 * Records what the widget's live regions would announce, as a screen reader hears them: a region (`role="status"`,
 * `role="alert"`, `aria-live`) announces its text when the text changes to something new, and when it is inserted
 * with text. Read with `announcements(page)`: `[role, text]` in order.
 */
async function recordAnnouncements(page: Page): Promise<void> {
  // A string, not a function: tsx would wrap the named functions inside in a helper the page does not have.
  await page.evaluate(`(() => {
    const heard = [];
    window.__heard = heard;
    const root = document.querySelector('wallet-connect-modal').shadowRoot;
    const last = new WeakMap();
    const REGION = '[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]';
    const hear = (region) => {
      const text = (region.textContent || '').replace(/\\s+/g, ' ').trim();
      if (text && text !== last.get(region)) heard.push([region.getAttribute('role') || 'aria-live=' + region.getAttribute('aria-live'), text]);
      last.set(region, text);
    };
    new MutationObserver((mutations) => {
      const regions = new Set();
      for (const mutation of mutations) {
        const target = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
        const around = target && target.closest(REGION);
        if (around) regions.add(around);
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(REGION)) regions.add(node);
          for (const inner of node.querySelectorAll(REGION)) regions.add(inner);
        }
      }
      for (const region of regions) if (region.isConnected) hear(region);
    }).observe(root, { subtree: true, childList: true, characterData: true });
  })()`);
}
const announcements = (page: Page) => page.evaluate(() => (window as unknown as { __heard: [string, string][] }).__heard);

describe('keyboard only: every flow with no mouse (Tab, Enter, Space, arrows, typing)', () => {
  const e2e = useE2E();
  const { useSiwx, signView, backendSession } = siwxHelpers(() => e2e.stack.authUrl);
  const { newEmail, useEmail, codeFor } = emailHelpers(() => e2e.stack);
  /** A call to the local EVM chain's RPC (anvil's own methods included). */
  async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
    const rpcUrl = e2e.stack.chains.find((c) => c.chainId === 31337)!.rpcUrl;
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const body = (await response.json()) as { result?: unknown; error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
  }

  /**
   * From the page's own button: opens the modal and connects the dev wallet's EVM side. With `signIn` (siwx-url) the
   * modal goes on to SIWXSignMessage: it closes only for as long as the backend takes to say there is no session,
   * a moment a loaded machine's frames can miss, so that wait and the focus check are left out.
   */
  async function connect(page: Page, { signIn = false } = {}): Promise<void> {
    await press(page, '#open');
    await inModal(page, 'dialog[open] [part="title"]').waitFor();
    // The Solana discovery (on open) has listed the wallet's second namespace.
    await page.waitForFunction(() => (window as unknown as { __walletStandardReady?: boolean }).__walletStandardReady === true);
    await press(page, `[data-wallet-id="${DEV_WALLET_ID}"]`);
    // The dev wallet is on both namespaces: the chooser (focus on Back first).
    await press(page, '[part~="wallet-button"]', { text: 'Ethereum and EVM networks' });
    await approveInWallet(page, 'connect');
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.namespace === 'eip155');
    if (signIn) return;
    // Connected, the modal closes and focus is back on the page's button.
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    assert.equal((await focusIs(page, '#open')).match, true, 'focus is back on the button that opened the modal');
  }

  /** Opens Account from the page's button (focus on it). */
  async function openAccount(page: Page): Promise<void> {
    await press(page, '#open');
    await title(page).filter({ hasText: 'Account' }).waitFor();
  }

  it('connects, sends ETH (token list by arrows, amount and address typed), and Escape returns focus to the page’s button', async () => {
    const { page } = await e2e.open();
    await recordAnnouncements(page);
    await connect(page);
    await openAccount(page);
    await press(page, '[data-action="send"]');
    await press(page, '#send-token');
    await chooseOption(page, 'eip155:31337:native');
    await inModal(page, '#send-token[data-token-key="eip155:31337:native"]').waitFor();
    await tabTo(page, 'input[name="amount"]');
    await page.keyboard.type('0.01');
    await tabTo(page, 'input[name="receiver"]');
    await page.keyboard.type(ACCOUNT_1);
    await page.keyboard.press('Enter');
    await title(page).filter({ hasText: 'Review Send' }).waitFor();
    // Mined only when the test says so: the transaction is seen pending, then confirmed (with anvil's automine the
    // two can land in one render, and only the last is said, as a screen reader would).
    await rpc('evm_setAutomine', [false]);
    try {
      await press(page, '[data-action="confirm-send"]');
      await approveInWallet(page, 'send');
      await inModal(page, '.send-result[data-status="pending"]').waitFor();
      await rpc('evm_mine');
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    assert.equal(((await waitForEvent(page, 'wallet-transaction', 2)) as { status: string }).status, 'confirmed');
    await inModal(page, '.send-result[data-status="confirmed"]').waitFor();
    // Progress was said in a live region, once each, in order (the balance and a view's "Loading" are said or not
    // by the speed of the run: the visitor may move on before they arrive).
    const heard = await announcements(page);
    assert.deepEqual(heard.filter(([, text]) => !/^(Loading|Loading balance|Balance: .*)$/.test(text)), [
      ['status', 'Continue in Dev Wallet'],
      ['status', 'Approve the transaction in your wallet'],
      ['status', 'Waiting for confirmation'],
      ['status', 'Transaction confirmed'],
    ]);
    assert.deepEqual(heard.filter(([, text], index) => index > 0 && text === heard[index - 1]![1]), [], 'nothing said twice in a row');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    assert.equal((await focusIs(page, '#open')).match, true, 'focus is back on the button that opened the modal');
  });

  it('swaps ETH for a token: the target found by typing in the search, the amount typed, preview and confirm by Enter', async () => {
    const { page } = await e2e.open();
    await connect(page);
    await openAccount(page);
    const ltk = e2e.stack.seeded.find((c) => c.chainId === 31337)!.tokens.find((t) => t.symbol === 'LTK')!;
    await press(page, '[data-action="swap"]');
    await inModal(page, '#swap-from[data-token="ETH"]').waitFor();
    // The token view opens with its search field focused: type, then Tab to the token.
    await press(page, '#swap-to');
    await tabTo(page, 'input[type="search"]');
    await page.keyboard.type('LTK');
    await press(page, `[data-token-key="eip155:31337:${ltk.address.toLowerCase()}"]`);
    await inModal(page, '#swap-to[data-token="LTK"]').waitFor();
    await tabTo(page, '#swap-amount', { back: true });
    await page.keyboard.type('0.1');
    await inModal(page, '.swap-output[data-output]').waitFor();
    await press(page, '[data-action="review-swap"]');
    await title(page).filter({ hasText: 'Preview Swap' }).waitFor();
    await press(page, '[data-action="confirm-swap"]');
    await approveInWallet(page, 'send');
    const { hash } = (await waitForEvent(page, 'wallet-transaction')) as { hash: string };
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash, chainId: 'eip155:31337', kind: 'swap' });
  });

  it('buys ETH with a card: Continue by Enter, the provider’s form typed, the purchase noticed', async () => {
    const { page } = await e2e.open();
    await connect(page);
    await openAccount(page);
    await press(page, '[data-action="buy"]');
    await title(page).filter({ hasText: 'Buy Crypto' }).waitFor();
    await inModal(page, '.onramp-quote[data-quote="quote"]').waitFor();
    await tabTo(page, '[data-action="continue"]');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await popup.locator('input[name="number"]').waitFor();
    for (const [field, value] of [['number', '4242 4242 4242 4242'], ['expiry', '12/34'], ['cvc', '123']] as const) {
      await tabTo(popup, `input[name="${field}"]`);
      await popup.keyboard.type(value);
    }
    await popup.keyboard.press('Enter');
    await popup.locator('[role="status"]').filter({ hasText: 'Payment complete: 0.049125 ETH sent.' }).waitFor();
    await inModal(page, '[part="toast"]').filter({ hasText: '0.049125 ETH received' }).waitFor();
    await popup.close();
  });

  it('registers a name: typed, Register by Enter, the signature approved; Account shows it', async () => {
    const { page } = await e2e.open();
    await connect(page);
    await page.evaluate(() => (window as unknown as { devWallet: { setAccount(i: number): void } }).devWallet.setAccount(5));
    await waitForEvent(page, 'wallet-account-change');
    await openAccount(page);
    await press(page, '[data-action="get-name"]');
    await inModal(page, '[data-view="RegisterAccountName"]').waitFor();
    await tabTo(page, '#name-input');
    await page.keyboard.type('keyboard-five');
    await inModal(page, '#name-status').filter({ hasText: 'keyboard-five.reown.id is available' }).waitFor();
    await press(page, '[data-action="register"]');
    await approveInWallet(page, 'sign');
    assert.equal(((await waitForEvent(page, 'wallet-name')) as { name: string }).name, 'keyboard-five.reown.id');
    await inModal(page, '[part="profile-name"]').filter({ hasText: 'keyboard-five.reown.id' }).waitFor();
  });

  it('signs in with the wallet (siwx-url): Sign by Enter, the signature approved; the backend has the session', async () => {
    const { page } = await e2e.open();
    await useSiwx(page);
    await connect(page, { signIn: true });
    await signView(page).waitFor();
    await press(page, '[data-action="sign"]');
    await approveInWallet(page, 'sign');
    assert.equal(((await waitForEvent(page, 'wallet-session')) as { status: string }).status, 'authenticated');
    assert.equal(((await backendSession(page)) as { address: string }).address, (await widgetState(page)).address);
  });

  it('logs in by email: the address typed and sent by Enter, the mailed code typed; both accounts connect', async () => {
    const { page } = await e2e.open();
    await recordAnnouncements(page);
    await useEmail(page);
    await press(page, '#open');
    await tabTo(page, '#auth-email');
    const email = newEmail();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await inModal(page, '[data-view="EmailLogin"]').waitFor();
    await tabTo(page, '#auth-code');
    await page.keyboard.type(await codeFor(email));
    await waitForEvent(page, 'wallet-connect', 2);
    assert.deepEqual((await widgetState(page)).user?.email, email);
    assert.deepEqual(await announcements(page), [['status', 'Sending the code…'], ['status', 'Checking the code…']], 'the login’s progress, said once each');
  });
});
