// The widget names the local Solana chain "Solana Local" by its CAIP-2 id (src/core/networks.ts); the stack's
// facade derives that id from its fixed genesis hash (server/solana/constants.ts). They must stay the same.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOCAL_SOLANA_CHAIN_ID as SERVER_ID, LOCAL_SOLANA_GENESIS_HASH } from '../../server/solana/constants.js';
import { LOCAL_SOLANA_CHAIN_ID as WIDGET_ID, networkInfo } from '../../src/core/networks.js';

describe('the local Solana chain id', () => {
  it("is the same in the widget's network table and in the stack's facade", () => {
    assert.equal(WIDGET_ID, SERVER_ID);
    assert.equal(WIDGET_ID, `solana:${LOCAL_SOLANA_GENESIS_HASH.slice(0, 32)}`);
    assert.equal(networkInfo(WIDGET_ID).name, 'Solana Local');
  });
});
