// The public RPC table the widget falls back to for reads is viem's chain definitions, current with the viem
// installed (regenerate with `node scripts/public-rpcs.mjs` after upgrading viem).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { PUBLIC_RPCS_FILE, publicRpcSource } from '../../scripts/public-rpcs.mjs';
import { PUBLIC_RPCS } from '../../src/connectors/evm/public-rpcs.js';

describe('public RPC table', () => {
  it('is what scripts/public-rpcs.mjs makes from the installed viem/chains', () => {
    assert.equal(readFileSync(PUBLIC_RPCS_FILE, 'utf8'), publicRpcSource());
  });

  it('holds https URLs only, so a page never reads from a local node it was not given', () => {
    assert.equal(PUBLIC_RPCS[1]?.startsWith('https://'), true);
    assert.equal(PUBLIC_RPCS[31337], undefined);
    for (const [id, url] of Object.entries(PUBLIC_RPCS)) assert.equal(new URL(url).protocol, 'https:', `chain ${id}: ${url}`);
  });
});
