// The entry file's size and what is in it, for making room under its budget (25 KB brotli):
//   node scripts/entry-size.mjs [N] [--chunks]
// Builds the widget in memory with rollup.config.mjs (which, as every build does, starts by clearing dist/),
// prints the entry file's brotli size (q11, the bundle-budget test's measure) and its N largest modules by
// rendered length (before minification); with --chunks, also every lazily loaded chunk's brotli size, largest
// first. Compare two versions of a change by running it on each. The entry holds what must run before the modal
// opens (the element, config, stores, actions, discovery, restore): React and the views are the modal-view and
// view-shared chunks (rollup.config.mjs), loaded when the modal first shows something; keep new UI code in chunks.
import { brotliCompressSync, constants } from 'node:zlib';
import { rollup } from 'rollup';
import configs from '../rollup.config.mjs';

const [widget] = configs;
const args = process.argv.slice(2);
const count = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 40);
const size = (code) => brotliCompressSync(Buffer.from(code), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const bundle = await rollup({ ...widget, onwarn() {} });
const { output } = await bundle.generate(widget.output);
const entry = output.find((file) => file.type === 'chunk' && file.isEntry);
const brotli = size(entry.code);
console.log(`entry ${entry.fileName}: ${brotli} B brotli (q11), ${entry.code.length} B minified`);
const root = `${process.cwd()}/`;
const modules = Object.entries(entry.modules)
  .map(([id, module]) => [module.renderedLength, id.replace(root, '')])
  .sort((a, b) => b[0] - a[0]);
for (const [length, id] of modules.slice(0, count)) console.log(`${String(length).padStart(8)}  ${id}`);
if (args.includes('--chunks')) {
  const chunks = output.filter((file) => file.type === 'chunk' && !file.isEntry).map((file) => [size(file.code), file.fileName]);
  console.log(`\n${chunks.length} chunks (brotli q11):`);
  for (const [bytes, name] of chunks.sort((a, b) => b[0] - a[0])) console.log(`${String(bytes).padStart(8)}  ${name}`);
}
