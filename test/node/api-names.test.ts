// Name registration in the zone on the local ENS (server/api/names.ts): POST /v1/profile/account checks the
// signed message and writes the name on chain; the profile endpoints and identity read it back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, http, type Account } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { createWalletApi, type WalletApi } from '../../server/api/app.js';
import { coinTypeOf } from '../../server/api/names.js';
import { ANVIL_MNEMONIC, seedAccounts } from '../../server/chain/clients.js';
import { seedLocalChain } from '../../devstack/chain/seed.js';
import type { SeededChain } from '../../server/chain/types.js';

const COMMON = { projectId: 'test-project', st: 'appkit', sv: 'html-wagmi-test' };
const COIN = coinTypeOf(31337);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const account = (index: number): Account => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
const now = () => Math.floor(Date.now() / 1000);
const message = (name: string, timestamp = now()) => JSON.stringify({ name, attributes: {}, timestamp });

describe('names: registration in the zone on the local ENS', () => {
  let anvil: Anvil;
  let seeded: SeededChain;
  let api: WalletApi;

  const get = async (path: string, params: Record<string, string> = {}) => {
    const res = await api.app.request(`${path}?${new URLSearchParams({ ...params, ...COMMON })}`);
    return { status: res.status, body: (await res.json()) as Json };
  };
  const register = async (signer: Account, name: string, { timestamp = now(), coinType = COIN, address = signer.address, by = signer } = {}) => {
    const text = message(name, timestamp);
    const signature = await by.signMessage!({ message: text });
    const res = await api.app.request('/v1/profile/account', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ coin_type: coinType, address, message: text, signature }),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  before(async () => {
    anvil = await startAnvil({ chainId: 31337 });
    seeded = await seedLocalChain(anvil.rpcUrl, 31337, { log: () => undefined });
    api = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, seeded }], dbPath: ':memory:', names: { registrar: seedAccounts().deployer } });
  });
  after(async () => {
    await api?.close();
    await anvil?.stop();
  });

  it('the seed gives the deployer the zone reown.id', () => {
    assert.equal(seeded.ens.zone, 'reown.id');
  });

  it('a registration lands on chain: viem resolves it, the profile, reverse and identity endpoints show it', async () => {
    const visitor = account(5);
    // Identity is asked first, so the 5-minute cache holds "no name" before the registration.
    assert.deepEqual((await get(`/v1/identity/${visitor.address}`)).body, { name: null, avatar: null });
    assert.equal((await get('/v1/profile/account/carol.reown.id', { apiVersion: '2' })).status, 404);

    const { status, body } = await register(visitor, 'carol.reown.id');
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.name, 'carol.reown.id');
    assert.equal(body.addresses['60'].address, visitor.address);
    assert.equal(body.addresses[String(COIN)].address, visitor.address);

    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    assert.equal(await client.getEnsAddress({ name: 'carol.reown.id', universalResolverAddress: seeded.ens.universalResolver }), visitor.address);
    const registry = { address: seeded.ens.registry, abi: [{ type: 'function', name: 'owner', stateMutability: 'view', inputs: [{ type: 'bytes32' }], outputs: [{ type: 'address' }] }] } as const;
    const { namehash } = await import('viem');
    assert.equal(await client.readContract({ ...registry, functionName: 'owner', args: [namehash('carol.reown.id')] }), visitor.address, 'the visitor owns the name');

    const profile = await get('/v1/profile/account/carol.reown.id', { apiVersion: '2' });
    assert.equal(profile.status, 200);
    assert.equal(profile.body.addresses['60'].address, visitor.address);
    assert.ok(Date.parse(profile.body.registered_at) > Date.now() - 60_000, `registered_at ${profile.body.registered_at} is the block time`);
    const reverse = await get(`/v1/profile/reverse/${visitor.address}`, { apiVersion: '2', sender: visitor.address });
    assert.deepEqual(reverse.body.map((r: Json) => r.name), ['carol.reown.id']);
    assert.deepEqual((await get(`/v1/identity/${visitor.address}`)).body, { name: 'carol.reown.id', avatar: null });
  });

  it('refuses a name already taken, with the reason', async () => {
    const { status, body } = await register(account(6), 'carol.reown.id');
    assert.equal(status, 409);
    assert.deepEqual(body, { status: 'ERROR', reasons: [{ name: 'name', description: 'carol.reown.id is already taken' }] });
  });

  it('refuses a second name for one address: nothing moves', async () => {
    const visitor = account(5);
    const { status, body } = await register(visitor, 'carol2.reown.id');
    assert.equal(status, 409);
    assert.deepEqual(body.reasons, [{ name: 'address', description: `${visitor.address} already has the name carol.reown.id; one name per address` }]);
    assert.equal((await get('/v1/profile/account/carol2.reown.id', { apiVersion: '2' })).status, 404);
  });

  it("refuses a signature that is not the address's", async () => {
    const { status, body } = await register(account(6), 'dave.reown.id', { by: account(7) });
    assert.equal(status, 401);
    assert.deepEqual(body.reasons, [{ name: 'signature', description: `the signature is not ${account(6).address}'s signature of this message` }]);
    assert.equal((await get('/v1/profile/account/dave.reown.id', { apiVersion: '2' })).status, 404);
  });

  it('refuses a stale message', async () => {
    const { status, body } = await register(account(6), 'dave.reown.id', { timestamp: now() - 11 * 60 });
    assert.equal(status, 400);
    assert.deepEqual(body.reasons, [{ name: 'timestamp', description: 'the signed message has expired: sign a new one' }]);
  });

  it('refuses forbidden characters, names shorter than 4 characters and a hyphen first or last', async () => {
    for (const name of ['da_ve.reown.id', 'abc.reown.id', 'dävé.reown.id', '-abc-.reown.id', '-dave.reown.id', 'dave-.reown.id']) {
      const { status, body } = await register(account(6), name);
      assert.equal(status, 400, name);
      assert.equal(body.reasons[0].name, 'name', name);
      assert.match(body.reasons[0].description, /^a name is at least 4 characters: letters a–z, digits 0–9 and hyphens/, name);
    }
  });

  it('refuses a name outside the zone and a coin type of a chain it does not serve', async () => {
    assert.deepEqual((await register(account(6), 'dave.eth')).body.reasons, [{ name: 'name', description: 'names are registered in reown.id: <name>.reown.id' }]);
    const wrongCoin = await register(account(6), 'dave.reown.id', { coinType: coinTypeOf(1) });
    assert.equal(wrongCoin.status, 400);
    assert.equal(wrongCoin.body.reasons[0].name, 'coin_type');
  });

  it('suggestions are names that are free in the zone', async () => {
    const { status, body } = await get('/v1/profile/suggestions/carol', { zone: 'reown.id' });
    assert.equal(status, 200);
    assert.ok(body.suggestions.length >= 3, JSON.stringify(body));
    assert.ok(!body.suggestions.some((s: Json) => s.name === 'carol.reown.id'), 'the taken name is not suggested');
    for (const suggestion of body.suggestions) {
      assert.equal(suggestion.registered, false);
      assert.match(suggestion.name, /^[a-z0-9-]{4,}\.reown\.id$/);
      assert.equal((await get(`/v1/profile/account/${suggestion.name}`, { apiVersion: '2' })).status, 404, `${suggestion.name} is free`);
    }
    assert.deepEqual((await get('/v1/profile/suggestions/carol', { zone: 'other.id' })).body, { suggestions: [] });
  });

  it('a flood of registrations from one client is refused with 429 past 10 an hour; reserved labels are refused', async () => {
    const flooded = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, seeded }], dbPath: ':memory:', names: { registrar: seedAccounts().deployer } });
    const [main, api0] = [api, flooded];
    api = api0;
    try {
      const statuses: number[] = [];
      let last: Json = {};
      for (let i = 0; i < 15; i++) {
        const result = await register(privateKeyToAccount(generatePrivateKey()), `flood${i}-${Date.now()}.reown.id`);
        statuses.push(result.status);
        last = result.body;
      }
      assert.deepEqual(statuses, [...Array(10).fill(200), ...Array(5).fill(429)], 'one client registers at most 10 names an hour');
      assert.deepEqual(last, { status: 'ERROR', reasons: [{ name: 'rate', description: 'at most 10 names an hour from one client address; try again later' }] });
    } finally {
      api = main;
      await flooded.close();
    }
    const reserved = await register(privateKeyToAccount(generatePrivateKey()), 'admin.reown.id');
    assert.equal(reserved.status, 400);
    assert.deepEqual(reserved.body.reasons, [{ name: 'name', description: '"admin" is reserved' }]);
  });

  it('a Solana address has no names', async () => {
    assert.deepEqual((await get('/v1/profile/reverse/9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', { apiVersion: '2' })).body, []);
  });
});
