import { expect } from '@esm-bundle/chai';
import { encodeAbiParameters } from 'viem';
import { readAccountDomain, revokeTypedData } from '../../../src/stores/actions/smart-sessions.js';
import { $config } from '../../../src/stores/config.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { resetStores } from '../support/stores.js';

const ACCOUNT = '0x1111111111111111111111111111111111111111';
const NO_WALLET = { request: () => Promise.reject(new Error('the wallet is not asked: reads go to the RPC')) };

/**
 * Revoke signs RevokeSession in the account's OWN EIP-712 domain, read from it (EIP-5267 `eip712Domain()`), not the
 * local stack's contract name hard-coded: another account contract (another name, version or field set) works too.
 */
describe('actions/smart-sessions: the revocation domain comes from the account (EIP-5267)', () => {
  let net: FakeFetch;
  let calls: { method: string; params: unknown[] }[];
  beforeEach(() => {
    resetStores({ networks: ['eip155:10'] });
    $config.set({ ...$config.get(), rpcUrls: { 'eip155:10': 'http://rpc.test/op' } });
    net = installFakeFetch();
    calls = [];
  });
  afterEach(() => {
    net.restore();
    resetStores();
  });

  const answer = (fields: `0x${string}`, name: string, version: string) =>
    net.route('/op', (_, init) => {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] };
      calls.push(body);
      const result = encodeAbiParameters(
        [{ type: 'bytes1' }, { type: 'string' }, { type: 'string' }, { type: 'uint256' }, { type: 'address' }, { type: 'bytes32' }, { type: 'uint256[]' }],
        [fields, name, version, 10n, ACCOUNT, `0x${'ab'.repeat(32)}`, []],
      );
      return { body: { jsonrpc: '2.0', id: body.id, result } };
    });

  it("reads another contract's name and version, and signs in that domain", async () => {
    answer('0x0f', 'OtherSmartAccount', '2.1');
    const domain = await readAccountDomain(ACCOUNT, 'eip155:10', NO_WALLET);
    expect(calls).to.deep.equal([{ jsonrpc: '2.0', id: calls[0]!['id' as never], method: 'eth_call', params: [{ to: ACCOUNT, data: '0x84b0196e' }, 'latest'] }]);
    const typed = revokeTypedData(domain, `0x${'01'.repeat(32)}`);
    expect(typed.domain).to.deep.equal({ name: 'OtherSmartAccount', version: '2.1', chainId: 10, verifyingContract: ACCOUNT });
    expect(typed.types.EIP712Domain.map((f) => f.name)).to.deep.equal(['name', 'version', 'chainId', 'verifyingContract']);
  });

  it('uses exactly the fields the account says it uses (here with a salt and without a version)', async () => {
    answer('0x1d', 'Salted', '');
    const typed = revokeTypedData(await readAccountDomain(ACCOUNT, 'eip155:10', NO_WALLET), '0x00');
    expect(typed.types.EIP712Domain.map((f) => f.name)).to.deep.equal(['name', 'chainId', 'verifyingContract', 'salt']);
    expect(typed.domain).to.deep.equal({ name: 'Salted', chainId: 10, verifyingContract: ACCOUNT, salt: `0x${'ab'.repeat(32)}` });
  });
});
