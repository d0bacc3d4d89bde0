import { createHash } from 'node:crypto';

/**
 * dist/integrity.json: the Subresource Integrity hash (sha384) of each file the build writes, keyed by its path
 * under dist/, so a page can load the versioned entry with `<script type="module" integrity="…">`.
 */
export function integrityManifest() {
  return {
    name: 'integrity-manifest',
    generateBundle(_options, bundle) {
      const hashes = {};
      for (const file of Object.values(bundle).sort((a, b) => a.fileName.localeCompare(b.fileName))) {
        const content = file.type === 'chunk' ? file.code : file.source;
        hashes[file.fileName] = `sha384-${createHash('sha384').update(content).digest('base64')}`;
      }
      this.emitFile({ type: 'asset', fileName: 'integrity.json', source: `${JSON.stringify(hashes, null, 2)}\n` });
    },
  };
}
