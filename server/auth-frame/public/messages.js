// The page's words, in the visitor's language: the service put them in the page as a JSON data block
// (server/auth-frame/frame-messages.ts). `{name}` placeholders are filled with `values`.
const catalogue = JSON.parse(document.getElementById('wcm-messages')?.textContent || '{}');

export function m(id, values = {}) {
  const template = typeof catalogue[id] === 'string' ? catalogue[id] : id;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The message as parts to append: `values` may be nodes (an address in its own element), put where their placeholder is. */
export function mParts(id, values = {}) {
  const template = typeof catalogue[id] === 'string' ? catalogue[id] : id;
  const parts = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    parts.push(template.slice(last, match.index));
    const value = values[match[1]];
    parts.push(value === undefined ? match[0] : typeof value === 'object' ? value : String(value));
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  return parts.filter((part) => part !== '');
}

/** The plural form of `base` for `count` in the page's language (`<base>.one`, `.other`, … as the locale has them). */
export function mPlural(base, count, values = {}) {
  const category = new Intl.PluralRules(document.documentElement.lang || 'en').select(count);
  const id = typeof catalogue[`${base}.${category}`] === 'string' ? `${base}.${category}` : `${base}.other`;
  return m(id, { count: new Intl.NumberFormat(document.documentElement.lang || 'en').format(count), ...values });
}
