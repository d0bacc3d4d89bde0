// Turns `import css from './x.css'` into the stylesheet's text, for rollup and @web/test-runner alike.
// The text is adopted through `new CSSStyleSheet().replaceSync()`, which a strict CSP allows
// (CSP governs <style> elements and style="" attributes, not the CSSOM).
export function cssTextRollup() {
  return {
    name: 'css-text',
    transform(code, id) {
      if (!id.endsWith('.css')) return null;
      const min = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/\s*([{};:,>])\s*/g, '$1').trim();
      return { code: `export default ${JSON.stringify(min)};`, map: { mappings: '' } };
    },
  };
}

export function cssTextWtr() {
  return {
    name: 'css-text',
    resolveMimeType(context) {
      if (context.path.endsWith('.css') && context.request.header['sec-fetch-dest'] !== 'style') return 'js';
    },
    transform(context) {
      if (context.path.endsWith('.css')) return { body: `export default ${JSON.stringify(context.body)};` };
    },
  };
}
