// Turns `import css from './x.css'` into the stylesheet's text, for rollup and @web/test-runner alike.
// The text is adopted through `new CSSStyleSheet().replaceSync()`, which a strict CSP allows
// (CSP governs <style> elements and style="" attributes, not the CSSOM).
// The build minifies with esbuild's CSS minifier, which parses the CSS: a descendant combinator before `:is()`, as
// in `:host([theme='dark']) :is(.dialog)`, is kept. No target is given, so modern CSS (light-dark(), nesting) is
// left as written.
import { transform } from 'esbuild';

export function cssTextRollup() {
  return {
    name: 'css-text',
    async transform(code, id) {
      if (!id.endsWith('.css')) return null;
      const result = await transform(code, { loader: 'css', minify: true, sourcefile: id });
      for (const warning of result.warnings) this.warn(warning.text);
      const min = result.code.trim();
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
