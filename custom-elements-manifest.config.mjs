// `npm run manifest`: custom-elements.json from the elements' code and JSDoc (@custom-elements-manifest/analyzer).
import { readFileSync } from 'node:fs';

export default {
  globs: ['elements/wallet-connect-modal.ts', 'elements/define-button.ts'],
  // The drift test writes a fresh copy elsewhere to compare.
  outdir: process.env.CEM_OUTDIR ?? '.',
  // package.json's customElements is written by hand: the analyzer would point it at the drift test's copy.
  packagejson: false,
  plugins: [
    {
      // Private members (#fields, #methods) and the lifecycle callbacks are not the public API.
      name: 'public-members-only',
      packageLinkPhase({ customElementsManifest }) {
        const lifecycle = new Set(['connectedCallback', 'disconnectedCallback', 'attributeChangedCallback', 'observedAttributes']);
        for (const module of customElementsManifest.modules) {
          for (const declaration of module.declarations ?? []) {
            if (!declaration.members) continue;
            const members = declaration.members.filter((m) => m.privacy !== 'private' && !m.name.startsWith('#') && !lifecycle.has(m.name));
            // An overloaded method is one entry: the implementation's signature, the first overload's description.
            const byName = new Map();
            for (const member of members) {
              const first = byName.get(member.name);
              byName.set(member.name, first && member.kind === 'method' ? { ...member, description: first.description ?? member.description } : member);
            }
            declaration.members = [...byName.values()];
          }
          // Both elements are defined under a tag name given at run time: name the definitions the manifest cannot read.
          module.exports = (module.exports ?? []).filter((e) => e.kind !== 'custom-element-definition');
          for (const declaration of module.declarations ?? []) {
            if (declaration.customElement && declaration.tagName) {
              module.exports.push({ kind: 'custom-element-definition', name: declaration.tagName, declaration: { name: declaration.name, module: module.path } });
            }
          }
        }
      },
    },
    {
      // The package ships bundles, not these sources: both elements are in (and exported and defined by) the entry
      // bundle, package.json's "module". One module at that path, so tools that follow `path` find the file.
      name: 'paths-in-the-package',
      packageLinkPhase({ customElementsManifest }) {
        const entry = JSON.parse(readFileSync('package.json', 'utf8')).module.replace(/^\.\//, '');
        const modules = customElementsManifest.modules;
        const at = (reference) => (reference?.module ? { ...reference, module: entry } : reference);
        customElementsManifest.modules = [{
          kind: 'javascript-module',
          path: entry,
          declarations: modules.flatMap((m) => m.declarations ?? []),
          exports: modules.flatMap((m) => m.exports ?? []).map((e) => ({ ...e, declaration: at(e.declaration) })),
        }];
      },
    },
  ],
};
