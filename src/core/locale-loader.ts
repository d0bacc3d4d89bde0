import type { Catalogue } from '../locales/catalogue.js';
import { type Locale, resolveLocale } from './locale.js';
import { hasLocale, registerMessages } from './messages.js';

const loading = new Map<Locale, Promise<void>>();

/**
 * Loads the messages of `lang`'s locale, once: a chunk of its own beside the script (src/locales/<locale>.ts; the
 * build lists the files there, scripts/locale-chunks-plugin.mjs), registered when it comes in, so what shows
 * English until then renders again in the locale. English is built in. A failed load (offline) is tried again
 * on the next call; until then English shows.
 */
export function loadLocale(lang: string): Promise<void> {
  const locale = resolveLocale(lang);
  if (locale === 'en' || hasLocale(locale)) return Promise.resolve();
  let load = loading.get(locale);
  if (!load) {
    load = (import(`../locales/${locale}.ts`) as Promise<{ default: Catalogue }>).then((module) => registerMessages(module.default, locale));
    loading.set(locale, load);
    load.catch(() => loading.delete(locale));
  }
  return load;
}
