/**
 * Which of the widget's locales a BCP 47 tag is shown in, and where an element's language comes from.
 * English is built in; every other locale is a chunk of its own (src/core/locale-loader.ts).
 */
export const LOCALES = ['en', 'ar', 'de', 'es', 'fa', 'fr', 'he', 'hi', 'id', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'ru', 'th', 'tr', 'uk', 'vi', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];

const RIGHT_TO_LEFT = new Set<string>(['ar', 'fa', 'he']);
const resolved = new Map<string, Locale>();

/**
 * The locale a tag is shown in: the language alone (`pt-BR` → `pt`, `de-AT` → `de`); Chinese by script or region
 * (`zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO` → `zh-TW`, any other `zh` → `zh-CN`); an unknown or invalid tag → `en`.
 */
export function resolveLocale(tag: string | null | undefined): Locale {
  const key = tag ?? '';
  const known = resolved.get(key);
  if (known) return known;
  let locale: Locale = 'en';
  try {
    const parsed = new Intl.Locale(key.replace(/_/g, '-'));
    const language = parsed.language === 'iw' ? 'he' : parsed.language;
    if (language === 'zh') {
      const traditional = parsed.script === 'Hant' || (parsed.script === undefined && ['TW', 'HK', 'MO'].includes(parsed.region ?? ''));
      locale = traditional ? 'zh-TW' : 'zh-CN';
    } else if ((LOCALES as readonly string[]).includes(language)) locale = language as Locale;
  } catch {
    // not a language tag: English
  }
  resolved.set(key, locale);
  return locale;
}

/** `rtl` for the locales written right to left (Arabic, Persian, Hebrew). */
export const direction = (locale: string): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(resolveLocale(locale)) ? 'rtl' : 'ltr');

/**
 * The language `element` is in: its own `lang`, else the nearest ancestor's (across shadow roots to their host,
 * up to `<html lang>`), else the browser's (`navigator.language`), else English. An empty or invalid `lang` is skipped.
 */
export function languageOf(element: Element): string {
  for (let node: Node | null = element; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
    if (node instanceof Element) {
      const lang = canonical(node.getAttribute('lang'));
      if (lang) return lang;
    }
  }
  return canonical(typeof navigator === 'undefined' ? undefined : navigator.language) ?? 'en';
}

/** `tag` as a canonical BCP 47 tag (`en_US` → `en-US`), or undefined when empty or not a language tag. */
function canonical(tag: string | null | undefined): string | undefined {
  const trimmed = tag?.trim().replace(/_/g, '-');
  if (!trimmed) return undefined;
  try {
    return Intl.getCanonicalLocales(trimmed)[0];
  } catch {
    return undefined;
  }
}

/**
 * Calls `onChange` when a `lang` attribute changes anywhere in `element`'s document (an ancestor's change
 * changes the element's language). Returns the function that stops observing.
 */
export function observeLanguage(element: Element, onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(element.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  const onLanguage = () => onChange();
  globalThis.addEventListener?.('languagechange', onLanguage);
  return () => {
    observer.disconnect();
    globalThis.removeEventListener?.('languagechange', onLanguage);
  };
}
