// The secure frame's translations (server/auth-frame/locales/): one catalogue for each of the widget's 21 other
// locales, each with every message of the English one and no other, the same {placeholders}, a plural form for every
// category its language uses for a count of attempts, and no English left untranslated (brand names, and words a
// language writes as English does, excepted).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../server/paths.js';
import { FRAME_MESSAGES, frameMessages } from '../../server/auth-frame/frame-messages.js';
import { LOCALES } from '../../src/core/locale.js';

const en = frameMessages('en').messages as Record<string, string>;
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))].sort().join();
const FORM = /^(.+)\.(zero|one|two|few|many|other)$/;
/** The plural messages: English has `<base>.one` and `<base>.other` (`approve.other` is a message of its own). */
const PLURAL_BASES = new Set(Object.keys(en).map((id) => FORM.exec(id)?.[1]).filter((base): base is string => !!base && `${base}.one` in en && `${base}.other` in en));
const PLURAL = { exec: (id: string) => { const match = FORM.exec(id); return match && PLURAL_BASES.has(match[1]!) ? match : null; }, test: (id: string) => PLURAL.exec(id) !== null };
/** Values that may read as in English: names, and words these languages write the same way. */
const SAME_AS_ENGLISH = new Set(['Token', 'Domain', 'Account', 'Contract', 'Site', 'Type', 'Action', 'Message', 'Instructions', 'Website']);
const noWords = (text: string) => !/\p{L}/u.test(text.replace(/\{\w+\}/g, ''));

describe('the secure frame’s locales', () => {
  it('are the widget’s 21 other locales, each a file in server/auth-frame/locales/', () => {
    const files = readdirSync(join(PROJECT_ROOT, 'server/auth-frame/locales')).filter((name) => name !== 'types.ts').map((name) => name.slice(0, -3)).sort();
    const others = LOCALES.filter((locale) => locale !== 'en').sort();
    assert.equal(others.length, 21);
    assert.deepEqual(files, others);
    assert.deepEqual(Object.keys(FRAME_MESSAGES).sort(), ['en', ...others].sort());
  });

  for (const locale of LOCALES.filter((tag) => tag !== 'en')) {
    describe(locale, () => {
      const catalogue = FRAME_MESSAGES[locale] as Record<string, string>;

      it('has every message, and no other', () => {
        const missing = Object.keys(en).filter((id) => !(id in catalogue));
        const extra = Object.keys(catalogue).filter((id) => !(id in en) && !(PLURAL.test(id) && `${PLURAL.exec(id)![1]}.other` in en));
        assert.deepEqual({ missing, extra }, { missing: [], extra: [] });
      });

      it('keeps each message’s placeholders (a plural form may spell its count out)', () => {
        const wrong = Object.entries(catalogue).filter(([id, text]) => {
          const plural = PLURAL.exec(id);
          const english = en[id] ?? en[`${plural?.[1]}.other`]!;
          const strip = (names: string) => names.split(',').filter((name) => name !== 'count').join();
          return plural ? strip(placeholders(text)) !== strip(placeholders(english)) : placeholders(text) !== placeholders(english);
        }).map(([id, text]) => `${id}: ${text}`);
        assert.deepEqual(wrong, []);
      });

      it('has a plural form for every count of attempts its language tells apart', () => {
        const rules = new Intl.PluralRules(locale);
        const needed = new Set(Array.from({ length: 11 }, (_, count) => rules.select(count)));
        const bases = [...PLURAL_BASES];
        assert.ok(bases.length > 0);
        const missing = bases.flatMap((base) => [...needed].filter((category) => !(`${base}.${category}` in catalogue)).map((category) => `${base}.${category}`));
        assert.deepEqual(missing, []);
        // A form for a category the language does not have would never show.
        const categories = new Set(rules.resolvedOptions().pluralCategories);
        const stray = Object.keys(catalogue).filter((id) => PLURAL.test(id) && !['one', 'other'].includes(PLURAL.exec(id)![2]!) && !categories.has(PLURAL.exec(id)![2]! as Intl.LDMLPluralRule));
        assert.deepEqual(stray, []);
      });

      it('leaves no English untranslated, no empty message and no stray whitespace', () => {
        const english = Object.entries(catalogue).filter(([id, text]) => text === en[id] && !SAME_AS_ENGLISH.has(text) && !noWords(text)).map(([id]) => id);
        assert.deepEqual(english, []);
        const bad = Object.entries(catalogue).filter(([, text]) => typeof text !== 'string' || text.trim() === '' || text !== text.trim()).map(([id]) => id);
        assert.deepEqual(bad, []);
      });
    });
  }
});
