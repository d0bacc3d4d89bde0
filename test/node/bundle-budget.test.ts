// STYLE.md §12, budgets are tests: the entry file a page loads has a byte budget and a list of things it
// must not contain (they load on demand). Reads the build that `npm test` made just before this suite.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { brotliCompressSync, constants } from 'node:zlib';
import { PROJECT_ROOT } from '../../server/paths.js';

const dist = join(PROJECT_ROOT, 'dist');
const ENTRY_BROTLI_BUDGET = 80 * 1024;
const brotli = (bytes: Buffer) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

describe('bundle budget', { skip: !existsSync(join(dist, 'wallet-connect-modal.js')) && 'no build in dist/ (run npm run build)' }, () => {
  const entry = () => readFileSync(join(dist, 'wallet-connect-modal.js'));

  it(`keeps the entry file within ${ENTRY_BROTLI_BUDGET} bytes brotli`, () => {
    const size = brotli(entry());
    assert.ok(size <= ENTRY_BROTLI_BUDGET, `entry is ${size} B brotli, over the ${ENTRY_BROTLI_BUDGET} B budget`);
  });

  it('keeps what loads on demand out of the entry file', () => {
    const text = entry().toString('utf8');
    const mustNotContain: [string, string][] = [
      ['/v1/account/', 'the wallet data API client'],
      ['eth_sendTransaction', 'sending'],
      ['Token Balance Unavailable', 'account data'],
      ['getBalance', 'viem reads'],
      ['@walletconnect', 'WalletConnect'],
      ['wc_sessionPropose', 'the WalletConnect sign client'],
      ['irn_subscribe', 'the WalletConnect relay client'],
      ['getWallets', 'the wallet directory client'],
      ['Scan this QR code', 'the ConnectingWalletConnect view'],
      ['@solana', 'Solana'],
    ];
    for (const [needle, what] of mustNotContain) assert.ok(!text.includes(needle), `the entry contains ${what} ("${needle}")`);
  });

  it('loads everything else as chunks beside the entry', () => {
    const chunks = readdirSync(join(dist, 'chunks'));
    assert.ok(chunks.some((f) => f.startsWith('AccountScreen-')), chunks.join(', '));
    assert.ok(chunks.some((f) => f.startsWith('SendScreen-')), chunks.join(', '));
  });
});
