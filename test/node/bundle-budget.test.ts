// STYLE.md §12, budgets are tests: the entry file a page loads has a byte budget and a list of things it
// must not contain (they load on demand). Reads the build that `npm test` made just before this suite; with
// no build it fails (a budget that is not measured is not kept).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { brotliCompressSync, constants } from 'node:zlib';
import { PROJECT_ROOT } from '../../server/paths.js';

const dist = join(PROJECT_ROOT, 'dist');
const ENTRY = join(dist, 'wallet-connect-modal.js');
// The entry (about 20 KB brotli) plus a small margin: a regression of a few KB fails, not only a 4× one.
const ENTRY_BROTLI_BUDGET = 25 * 1024;
const brotli = (bytes: Buffer) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * Strings the code that loads on demand really contains (each is checked to be in some chunk, so a needle the
 * bundler rewrites or drops cannot pass for absent): a method name, a message, an endpoint.
 */
const ON_DEMAND: [string, string][] = [
  ['/v1/account/', 'the wallet data API client'],
  ['eth_sendTransaction', 'sending'],
  ['Token Balance Unavailable', 'account data'],
  ['eth_getBalance', 'viem reads'],
  ['wc_sessionPropose', 'the WalletConnect sign client'],
  ['irn_subscribe', 'the WalletConnect relay client'],
  ['getWallets', 'the wallet directory client'],
  ['Scan this QR code', 'the ConnectingWalletConnect view'],
  ['Reconnecting…', 'the <wallet-connect-button> implementation'],
];

describe('bundle budget', () => {
  let entry: Buffer;
  let chunks: { name: string; text: string }[];
  before(() => {
    assert.ok(existsSync(ENTRY), `no build: ${ENTRY} is missing (run npm run build first)`);
    entry = readFileSync(ENTRY);
    chunks = readdirSync(join(dist, 'chunks')).map((name) => ({ name, text: readFileSync(join(dist, 'chunks', name), 'utf8') }));
  });

  it(`keeps the entry file within ${ENTRY_BROTLI_BUDGET} bytes brotli`, () => {
    const size = brotli(entry);
    assert.ok(size <= ENTRY_BROTLI_BUDGET, `entry is ${size} B brotli, over the ${ENTRY_BROTLI_BUDGET} B budget`);
  });

  for (const [needle, what] of ON_DEMAND) {
    it(`keeps ${what} out of the entry file ("${needle}" is in a chunk, not in the entry)`, () => {
      assert.ok(chunks.some((chunk) => chunk.text.includes(needle)), `no chunk contains "${needle}": the needle no longer identifies ${what}`);
      assert.ok(!entry.toString('utf8').includes(needle), `the entry contains ${what} ("${needle}")`);
    });
  }

  it('loads everything else as chunks beside the entry', () => {
    const names = chunks.map((chunk) => chunk.name);
    assert.ok(names.some((f) => f.startsWith('AccountScreen-')), names.join(', '));
    assert.ok(names.some((f) => f.startsWith('SendScreen-')), names.join(', '));
  });

  it("stamps package.json's version into the sv the services receive", () => {
    const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    const all = [entry.toString('utf8'), ...chunks.map((chunk) => chunk.text)];
    assert.ok(all.some((text) => text.includes(`html-core-${version}`) || text.includes(`html-core-\${"${version}"}`)), `html-core-${version} not found in the build`);
    assert.ok(!all.some((text) => text.includes('__PACKAGE_VERSION__')), '__PACKAGE_VERSION__ left unreplaced');
  });
});
