import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { LOCALES } from '../../src/core/locale.js';
import { $config } from '../../src/stores/config.js';
import { cleanup, dialogOf, mount, openAndRender, part, titleText, waitFor } from './support/element.js';

const AUTH_URL = `http://localhost:${location.port}/auth/`;

/** The script each locale is written in, as a Unicode property the Connect view's title must contain. */
const SCRIPT: Record<string, RegExp> = {
  ar: /\p{Script=Arabic}/u, fa: /\p{Script=Arabic}/u, he: /\p{Script=Hebrew}/u, hi: /\p{Script=Devanagari}/u, th: /\p{Script=Thai}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u, ko: /\p{Script=Hangul}/u, 'zh-CN': /\p{Script=Han}/u, 'zh-TW': /\p{Script=Han}/u,
  ru: /\p{Script=Cyrillic}/u, uk: /\p{Script=Cyrillic}/u,
};
const RTL = new Set(['ar', 'fa', 'he']);

/** A locale's catalogue, or undefined while its file is not in the repository. */
async function catalogue(locale: string): Promise<Record<string, string> | undefined> {
  try {
    return ((await import(`../../src/locales/${locale}.ts`)) as { default: Record<string, string> }).default;
  } catch {
    return undefined;
  }
}

const title = (el: HTMLElement, text: string) => waitFor(() => titleText(el) === text, `the title "${text}" (is "${titleText(el)}")`);

describe('<wallet-connect-modal> languages', () => {
  afterEach(async () => {
    document.documentElement.removeAttribute('lang');
    await cleanup();
  });

  for (const locale of LOCALES.filter((tag) => tag !== 'en')) {
    it(`${locale}: the Connect view in its language, script and direction`, async function () {
      const messages = await catalogue(locale);
      if (!messages) this.skip();
      const el = mount({ networks: 'eip155:1', lang: locale });
      const dialog = await openAndRender(el);
      await title(el, messages!['view.Connect']!);
      expect(dialog.getAttribute('lang')).to.equal(locale);
      expect(dialog.getAttribute('dir')).to.equal(RTL.has(locale) ? 'rtl' : 'ltr');
      expect(getComputedStyle(part(el, 'title')!).direction).to.equal(RTL.has(locale) ? 'rtl' : 'ltr');
      expect(titleText(el)).to.match(SCRIPT[locale] ?? /\p{Script=Latin}/u);
      expect(part(el, 'close-button')!.getAttribute('aria-label')).to.equal(messages!['action.close']);
    });
  }

  it('English stays as it was: no lang anywhere and an English browser', async () => {
    const el = mount({ networks: 'eip155:1' });
    const dialog = await openAndRender(el);
    expect(titleText(el)).to.equal('Connect Wallet');
    expect(dialog.getAttribute('dir')).to.equal('ltr');
    expect($config.get().lang).to.equal(navigator.language);
  });

  it('a regional tag falls back to its language: de-AT is German, with Austrian number formats', async () => {
    const el = mount({ networks: 'eip155:1', lang: 'de-AT' });
    await openAndRender(el);
    await title(el, 'Wallet verbinden');
    expect($config.get().lang).to.equal('de-AT');
  });

  it('an unknown language and one with no translation show English, without an error', async () => {
    const errors: unknown[] = [];
    const listener = (event: Event) => errors.push((event as CustomEvent).detail);
    document.addEventListener('wallet-error', listener);
    const el = mount({ networks: 'eip155:1', lang: 'sw' });
    await openAndRender(el);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(titleText(el)).to.equal('Connect Wallet');
    expect(dialogOf(el).getAttribute('dir')).to.equal('ltr');
    document.removeEventListener('wallet-error', listener);
    expect(errors).to.deep.equal([]);
  });

  it('right to left for Arabic, Hebrew and Persian even before (or without) their messages', async () => {
    const el = mount({ networks: 'eip155:1', lang: 'he-IL' });
    const dialog = await openAndRender(el);
    expect(dialog.getAttribute('dir')).to.equal('rtl');
    expect(getComputedStyle(part(el, 'title')!).direction).to.equal('rtl');
    el.setAttribute('lang', 'fa');
    await waitFor(() => dialog.getAttribute('dir') === 'rtl' && dialog.getAttribute('lang') === 'fa', 'Persian');
    el.setAttribute('lang', 'en');
    await waitFor(() => dialog.getAttribute('dir') === 'ltr', 'back to left to right');
  });

  it('without its own lang, the nearest ancestor’s, then <html lang>', async () => {
    document.documentElement.setAttribute('lang', 'de');
    const wrapper = document.createElement('div');
    wrapper.setAttribute('data-test-widget', '');
    wrapper.setAttribute('lang', 'en-GB');
    const el = document.createElement('wallet-connect-modal') as WalletConnectModalElement;
    el.setAttribute('networks', 'eip155:1');
    wrapper.append(el);
    document.body.append(wrapper);
    await openAndRender(el);
    expect(titleText(el)).to.equal('Connect Wallet');
    wrapper.removeAttribute('lang');
    await title(el, 'Wallet verbinden');
    document.documentElement.setAttribute('lang', 'en');
    await title(el, 'Connect Wallet');
  });

  it('without any lang, the browser’s language (navigator.language)', async () => {
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'language')!;
    Object.defineProperty(Navigator.prototype, 'language', { configurable: true, get: () => 'de-DE' });
    try {
      const el = mount({ networks: 'eip155:1' });
      await openAndRender(el);
      await title(el, 'Wallet verbinden');
    } finally {
      Object.defineProperty(Navigator.prototype, 'language', original);
    }
  });

  it('changing lang re-renders the open modal in the new language, keeping what the visitor typed', async () => {
    const el = mount({ networks: 'eip155:1', 'auth-url': AUTH_URL, features: 'email', lang: 'en' });
    const dialog = await openAndRender(el);
    const input = await waitFor(() => el.shadowRoot!.querySelector<HTMLInputElement>('#auth-email'), 'the email field');
    input.focus();
    await sendKeys({ type: 'visitor@example.com' });
    await waitFor(() => input.value === 'visitor@example.com', 'the typed address');
    el.setAttribute('lang', 'de');
    await title(el, 'Wallet verbinden');
    await waitFor(() => el.shadowRoot!.querySelector('[data-action="email-continue"]')?.textContent === 'Weiter mit E-Mail', 'the German button');
    expect(dialog.open).to.equal(true);
    expect(dialogOf(el)).to.equal(dialog);
    expect(el.shadowRoot!.querySelector<HTMLInputElement>('#auth-email')).to.equal(input);
    expect(input.value).to.equal('visitor@example.com');
    // An ancestor's change is followed as well, once the element has no lang of its own.
    el.removeAttribute('lang');
    document.documentElement.setAttribute('lang', 'en-US');
    await title(el, 'Connect Wallet');
    expect(input.value).to.equal('visitor@example.com');
  });

  it('<wallet-connect-button> follows the same rule: its own lang, its ancestors’, with the modal in another language', async () => {
    mount({ networks: 'eip155:1', lang: 'en' });
    const wrapper = document.createElement('div');
    wrapper.setAttribute('data-test-widget', '');
    wrapper.setAttribute('lang', 'de-CH');
    const host = document.createElement('wallet-connect-button');
    wrapper.append(host);
    document.body.append(wrapper);
    const inner = () => host.shadowRoot?.querySelector<HTMLButtonElement>('button[part~="button"]') ?? null;
    await waitFor(() => inner()?.textContent === 'Wallet verbinden', 'the German button');
    expect(inner()!.getAttribute('lang')).to.equal('de-CH');
    const hebrew = (await catalogue('he'))?.['button.connect'] ?? 'Connect Wallet';
    host.setAttribute('lang', 'he');
    await waitFor(() => inner()?.textContent === hebrew && inner()!.getAttribute('dir') === 'rtl', 'Hebrew (English while there is none), right to left');
    host.removeAttribute('lang');
    await waitFor(() => inner()?.textContent === 'Wallet verbinden' && inner()!.getAttribute('dir') === 'ltr', 'German again');
  });

  it('messages the stores make (a refusal, a notice) are in the modal’s language too', async () => {
    const el = mount({ networks: 'eip155:1', 'auth-url': AUTH_URL, features: 'email', lang: 'de' });
    await openAndRender(el);
    await title(el, 'Wallet verbinden');
    const input = await waitFor(() => el.shadowRoot!.querySelector<HTMLInputElement>('#auth-email'), 'the email field');
    input.focus();
    await sendKeys({ type: 'not-an-email' });
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="email-continue"]')!.click();
    const error = await waitFor(() => el.shadowRoot!.querySelector('[data-auth-error]'), 'the refusal');
    expect(error.textContent).to.equal('Gib eine gültige E-Mail-Adresse ein.');
  });
});
