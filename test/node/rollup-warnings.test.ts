// The build prints real warnings and drops the known harmless ones of third-party packages
// (scripts/rollup-warnings.mjs). Checked on warnings rollup itself raises for a small project on disk with a
// fake package in node_modules, so the filter sees the exact shapes rollup gives it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { type RollupLog, rollup } from 'rollup';
import { PROJECT_ROOT } from '../../server/paths.js';
import { isHarmlessThirdPartyWarning, onwarn } from '../../scripts/rollup-warnings.mjs';

const root = mkdtempSync(join(tmpdir(), 'rollup-warnings-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Builds `input` with the build's onwarn; resolves with what rollup raised and what onwarn passed on. */
async function build(input: string) {
  const raised: RollupLog[] = [];
  const printed: RollupLog[] = [];
  const bundle = await rollup({
    input: join(root, input),
    onwarn: (warning, warn) => {
      raised.push(warning);
      onwarn(warning, (w: RollupLog | string) => printed.push(typeof w === 'string' ? { message: w } : w));
      void warn;
    },
  });
  await bundle.generate({ format: 'es' });
  await bundle.close();
  return { raised, printed };
}

// A package with an import cycle, a misplaced pure annotation and a top-level `this`, imported by our code,
// which has two of the same faults of its own, and an import that does not resolve.
write({
  'node_modules/pkg/a.js': "import { b } from './b.js';\nexport const a = () => b;\nexport const self = this;\nexport const pure = /*#__PURE__*/ (1, 2);\n",
  'node_modules/pkg/b.js': "import { a } from './a.js';\nexport const b = () => a;\n",
  'src/x.js': "import { y } from './y.js';\nexport const x = () => y;\nexport const self = this;\n",
  'src/y.js': "import { x } from './x.js';\nexport const y = () => x;\n",
  'src/main.js': "import { a, self, pure } from '../node_modules/pkg/a.js';\nimport { x, self as mine } from './x.js';\nimport { missing } from 'not-installed';\nconsole.log(a, self, pure, x, mine, missing);\n",
});

describe('the build’s warning filter', () => {
  it('drops the known harmless warnings of third-party packages and passes every other warning through', async () => {
    const { raised, printed } = await build('src/main.js');
    const codes = (logs: RollupLog[]) => logs.map((w) => w.code).sort();
    // What rollup raised: the package's three, our own two, and the unresolved import.
    assert.deepEqual(codes(raised), ['CIRCULAR_DEPENDENCY', 'CIRCULAR_DEPENDENCY', 'INVALID_ANNOTATION', 'THIS_IS_UNDEFINED', 'THIS_IS_UNDEFINED', 'UNRESOLVED_IMPORT'].sort());
    // What is printed: ours, never the package's.
    assert.deepEqual(codes(printed), ['CIRCULAR_DEPENDENCY', 'THIS_IS_UNDEFINED', 'UNRESOLVED_IMPORT']);
    for (const warning of printed) assert.ok(!JSON.stringify([warning.id, warning.ids]).includes('node_modules'), warning.message);
  });

  it('keeps a known code when any file it names is outside node_modules, and any code it does not know', () => {
    assert.equal(isHarmlessThirdPartyWarning({ code: 'CIRCULAR_DEPENDENCY', ids: ['/p/node_modules/a.js', '/p/node_modules/b.js'] }), true);
    assert.equal(isHarmlessThirdPartyWarning({ code: 'CIRCULAR_DEPENDENCY', ids: ['/p/node_modules/a.js', '/p/src/b.ts'] }), false);
    assert.equal(isHarmlessThirdPartyWarning({ code: 'THIS_IS_UNDEFINED', id: '/p/src/a.ts' }), false);
    assert.equal(isHarmlessThirdPartyWarning({ code: 'INVALID_ANNOTATION' }), false, 'no file named: kept');
    assert.equal(isHarmlessThirdPartyWarning({ code: 'UNRESOLVED_IMPORT', id: '/p/node_modules/a.js' }), false);
    assert.equal(isHarmlessThirdPartyWarning({ code: 'EVAL', id: '/p/node_modules/a.js' }), false);
  });

  it('is the onwarn of both builds in rollup.config.mjs', () => {
    const config = readFileSync(join(PROJECT_ROOT, 'rollup.config.mjs'), 'utf8');
    assert.match(config, /import \{ onwarn \} from '\.\/scripts\/rollup-warnings\.mjs';/);
    assert.equal(config.match(/^\s+onwarn,$/gm)?.length, 2);
  });
});
