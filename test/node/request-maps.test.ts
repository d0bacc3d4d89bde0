// Maps a request can grow stay bounded: asking the wallet data API for the identity of ever new addresses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { privateKeyToAddress, generatePrivateKey } from 'viem/accounts';
import { ChainRegistry } from '../../server/api/chains.js';
import { IDENTITY_CACHE_MAX, IdentityResolver } from '../../server/api/identity.js';

describe('maps grown by requests are bounded', () => {
  it(`the identity cache holds at most ${IDENTITY_CACHE_MAX} addresses`, async () => {
    const identity = new IdentityResolver(new ChainRegistry([]));
    const addresses = Array.from({ length: IDENTITY_CACHE_MAX + 500 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}` as const);
    for (const address of addresses) await identity.resolve(address).catch(() => undefined);
    assert.equal(identity.cacheSize, IDENTITY_CACHE_MAX);
    const fresh = privateKeyToAddress(generatePrivateKey());
    await identity.resolve(fresh).catch(() => undefined);
    assert.equal(identity.cacheSize, IDENTITY_CACHE_MAX);
  });
});
