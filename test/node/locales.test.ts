// The translations: every locale file in src/locales/ has every message id the widget can show (the English
// catalogues, src/core/messages*.ts), in their order, no other id, the same {placeholders}, and no English left
// untranslated (brand and token names and strings without words excepted); each has its glossary.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../server/paths.js';
import { LOCALES, resolveLocale } from '../../src/core/locale.js';

const CORE = join(PROJECT_ROOT, 'src/core');
const LOCALES_DIR = join(PROJECT_ROOT, 'src/locales');

/** English, in the order locale files follow: src/core/messages.ts, then messages-*.ts by file name. */
async function english(): Promise<[string, string][]> {
  const core = await import(pathToFileURL(join(CORE, 'messages.ts')).href) as typeof import('../../src/core/messages.js');
  const features: Record<string, unknown>[] = [];
  for (const file of readdirSync(CORE).filter((name) => /^messages-.+\.ts$/.test(name)).sort()) {
    features.push(await import(pathToFileURL(join(CORE, file)).href) as Record<string, unknown>);
  }
  // The built-in ones: English as registered so far, less what the features register (in a process where other
  // suites loaded features first, those are registered already).
  const featureIds = new Set(features.flatMap((module) => Object.values(module).flatMap((value) => (value && typeof value === 'object' ? Object.keys(value) : []))));
  const entries: [string, string][] = (Object.entries(core.messagesOf('en')) as [string, string][]).filter(([id]) => !featureIds.has(id));
  const seen = new Set(entries.map(([id]) => id));
  for (const module of features) {
    for (const value of Object.values(module)) {
      if (!value || typeof value !== 'object') continue;
      for (const [id, text] of Object.entries(value as Record<string, string>)) {
        if (!seen.has(id)) entries.push([id, text]);
        seen.add(id);
      }
    }
  }
  return entries;
}

/** The locale files present (the translations arrive one branch at a time). */
const localeFiles = readdirSync(LOCALES_DIR).filter((name) => /^[a-z]{2}(-[A-Z]{2})?\.ts$/.test(name)).sort();

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))].sort();

/** Plural forms a locale may add to `<base>.one`/`<base>.other` (Intl.PluralRules categories English lacks). */
const EXTRA_PLURAL = /^(.+)\.(zero|two|few|many)$/;
const isPlural = (id: string) => /\.(zero|one|two|few|many|other)$/.test(id);

/**
 * Values a translation may keep as in English: names of brands, products, networks and tokens, and words the wallet
 * products use untranslated in most languages. A value with no letters outside its placeholders is always allowed.
 */
const SAME_AS_ENGLISH = new Set([
  'WalletConnect', 'Google', 'X', 'Discord', 'GitHub', 'Apple', 'Facebook', 'Farcaster', 'Solana', 'SIWX', 'OK',
  'Token', 'Tokens', 'Wallets', 'Wallet', 'Swap', 'Max', 'Total', 'Code', 'Email', 'E-mail', 'Name', 'Smart Sessions',
  'Smart account', 'Status', 'Profil', 'Account', 'Transaction',
  // An example address in a placeholder, not English words.
  'you@example.com',
]);
/** Values that are the same words in one language as in English (French "Extension", "Via"). */
const SAME_IN_LOCALE: Record<string, readonly string[]> = { fr: ['Extension', 'Via {address}'] };
const noWords = (text: string) => !/\p{L}/u.test(text.replace(/\{\w+\}/g, ''));

describe('locale catalogues', () => {
  let en: [string, string][];
  before(async () => {
    en = await english();
  });

  it('the English catalogue is what the locale files are checked against', () => {
    assert.ok(en.length > 400, `${en.length} English messages`);
    assert.equal(new Set(en.map(([id]) => id)).size, en.length, 'no id twice');
    assert.ok(localeFiles.includes('de.ts'), 'German is in the repository');
    for (const file of localeFiles) assert.ok((LOCALES as readonly string[]).includes(file.slice(0, -3)), `${file} is a locale the widget resolves to`);
  });

  for (const file of localeFiles) {
    const locale = file.slice(0, -3);
    describe(locale, () => {
      let catalogue: Record<string, string>;
      before(async () => {
        catalogue = ((await import(pathToFileURL(join(LOCALES_DIR, file)).href)) as { default: Record<string, string> }).default;
      });

      it('has every message id, and no other', () => {
        const ids = new Set(en.map(([id]) => id));
        const missing = en.map(([id]) => id).filter((id) => !(id in catalogue));
        const extra = Object.keys(catalogue).filter((id) => !ids.has(id) && !(EXTRA_PLURAL.test(id) && ids.has(`${EXTRA_PLURAL.exec(id)![1]}.other`)));
        assert.deepEqual({ missing, extra }, { missing: [], extra: [] });
      });

      it('lists them in the order of the English catalogues', () => {
        const order = Object.keys(catalogue).filter((id) => !EXTRA_PLURAL.test(id));
        assert.deepEqual(order, en.map(([id]) => id).filter((id) => id in catalogue));
      });

      it('keeps each message’s placeholders', () => {
        const wrong = en
          .filter(([id]) => id in catalogue)
          .filter(([id, text]) => {
            const want = placeholders(text);
            const got = placeholders(catalogue[id]!);
            // A plural form may show the count where English spells it out ("1 wallet found").
            return isPlural(id) ? got.filter((name) => name !== 'count').join() !== want.filter((name) => name !== 'count').join() : got.join() !== want.join();
          })
          .map(([id, text]) => `${id}: ${JSON.stringify(text)} → ${JSON.stringify(catalogue[id])}`);
        const extraForms = Object.keys(catalogue).filter((id) => EXTRA_PLURAL.test(id))
          .filter((id) => placeholders(catalogue[id]!).filter((name) => name !== 'count').join() !== placeholders(catalogue[`${EXTRA_PLURAL.exec(id)![1]}.other`] ?? '').filter((name) => name !== 'count').join());
        assert.deepEqual([...wrong, ...extraForms], []);
      });

      it('leaves no English untranslated', () => {
        const english = en.filter(([id, text]) => catalogue[id] === text && !SAME_AS_ENGLISH.has(text) && !SAME_IN_LOCALE[locale]?.includes(text) && !noWords(text)).map(([id, text]) => `${id}: ${JSON.stringify(text)}`);
        assert.deepEqual(english, []);
      });

      it('has no empty message and no stray whitespace', () => {
        const bad = Object.entries(catalogue).filter(([, text]) => typeof text !== 'string' || text.trim() === '' || text !== text.trim()).map(([id]) => id);
        assert.deepEqual(bad, []);
      });

      it('has its glossary', () => {
        assert.ok(existsSync(join(LOCALES_DIR, 'glossary', `${locale}.md`)), `src/locales/glossary/${locale}.md`);
      });
    });
  }
});

describe('resolveLocale', () => {
  it('maps a tag to the locale it is shown in', () => {
    const cases: [string | undefined, string][] = [
      ['de', 'de'], ['de-AT', 'de'], ['DE-ch', 'de'], ['pt-BR', 'pt'], ['pt', 'pt'], ['en-GB', 'en'], ['fr-CA', 'fr'],
      ['zh', 'zh-CN'], ['zh-CN', 'zh-CN'], ['zh-SG', 'zh-CN'], ['zh-Hans-HK', 'zh-CN'], ['zh-TW', 'zh-TW'], ['zh-HK', 'zh-TW'],
      ['zh-MO', 'zh-TW'], ['zh-Hant', 'zh-TW'], ['zh-Hant-CN', 'zh-TW'], ['iw', 'he'], ['he-IL', 'he'], ['fa-IR', 'fa'], ['ar-EG', 'ar'],
      ['sw', 'en'], ['xx-YY', 'en'], ['', 'en'], ['not a tag!', 'en'], [undefined, 'en'], ['pt_BR', 'pt'],
    ];
    assert.deepEqual(cases.map(([tag]) => [tag, resolveLocale(tag)]), cases);
  });
});
