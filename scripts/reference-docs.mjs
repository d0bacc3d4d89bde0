// docs/reference.md from custom-elements.json: the attributes, properties, methods, events, parts and custom
// properties of both elements. `node scripts/reference-docs.mjs` writes it; `referenceMarkdown()` is what the
// drift test compares with the committed file.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cell = (text) => String(text ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const code = (text) => (text ? `\`${cell(text).replace(/`/g, "'")}\`` : '');

/** The elements the manifest declares, in its order. */
export function elementsOf(manifest) {
  return manifest.modules.flatMap((module) => (module.declarations ?? []).filter((d) => d.customElement));
}

export function referenceMarkdown(manifest) {
  const out = [
    '# Reference',
    '',
    '<!-- Generated from custom-elements.json by scripts/reference-docs.mjs (`npm run manifest`); do not edit by hand. -->',
    '',
  ];
  for (const element of elementsOf(manifest)) {
    out.push(`## \`<${element.tagName}>\``, '', cell(element.description), '');
    const fields = (element.members ?? []).filter((m) => m.kind === 'field');
    const methods = (element.members ?? []).filter((m) => m.kind === 'method');
    const sections = [
      ['Attributes', ['Attribute', 'Type', 'Description'], element.attributes, (a) => [code(a.name), code(a.type?.text), cell(a.description)]],
      ['Properties', ['Property', 'Type', 'Description'], fields, (f) => [code(f.name), code(f.type?.text), cell(`${f.readonly ? '(read-only) ' : ''}${f.description ?? ''}`)]],
      ['Methods', ['Method', 'Returns', 'Description'], methods, (m) => [code(`${m.name}(${(m.parameters ?? []).map((p) => `${p.name}${p.optional || p.default ? '?' : ''}: ${p.type?.text ?? 'unknown'}`).join(', ')})`), code(m.return?.type?.text), cell(m.description)]],
      ['Events', ['Event', 'Type', 'Description'], element.events, (e) => [code(e.name), code(e.type?.text), cell(e.description)]],
      ['Slots', ['Slot', 'Description'], element.slots, (s) => [code(s.name || '(default)'), cell(s.description)]],
      ['CSS parts', ['Part', 'Description'], element.cssParts, (p) => [code(p.name), cell(p.description)]],
      ['CSS custom properties', ['Property', 'Description'], element.cssProperties, (p) => [code(p.name), cell(p.description)]],
    ];
    for (const [title, head, rows, row] of sections) {
      if (!rows?.length) continue;
      out.push(`### ${title}`, '', `| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
      for (const r of rows) out.push(`| ${row(r).join(' | ')} |`);
      out.push('');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  writeFileSync('docs/reference.md', referenceMarkdown(manifest));
  console.log('docs/reference.md written');
}
