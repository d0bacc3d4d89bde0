import { expect } from '@esm-bundle/chai';
import { getSmartSessions } from '../../../src/services/sessions-api.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';

const api = { apiUrl: 'http://api.test/prefix/', projectId: 'p1' };
const ACCOUNT = 'eip155:31337:0x1111111111111111111111111111111111111111';

describe('services/sessions-api', () => {
  let net: FakeFetch;
  beforeEach(() => (net = installFakeFetch()));
  afterEach(() => net.restore());

  it("reads our API's sessions, newest first", async () => {
    net.route(`/prefix/v1/sessions/${ACCOUNT}`, () => ({
      body: {
        pcis: [
          { project: { id: 'a', name: 'a.test' }, pci: '0x01', expiry: 2_000_000_000, createdAt: 1_700_000_000, permissions: [{ type: 'erc20-token-transfer', data: { address: '0x2', allowance: '25000000', spent: '0', symbol: 'LUSD', decimals: 6 } }], policies: [], context: '0x01' },
          { project: { id: 'b', name: 'b.test' }, pci: '0x02', expiry: 2_000_000_000, createdAt: 1_800_000_000, permissions: [], policies: [], context: '0x02', revokedAt: 1_800_000_100 },
        ],
      },
    }));
    const sessions = await getSmartSessions(api, ACCOUNT);
    expect(sessions.map((s) => [s.pci, s.createdAt, s.revokedAt])).to.deep.equal([['0x02', 1_800_000_000, 1_800_000_100], ['0x01', 1_700_000_000, undefined]]);
  });

  // The reference records the shape but not every field's type: a service that writes its times as ISO strings,
  // leaves out `context` or `policies`, or has other permission types (hex or numeric allowances) is still listed.
  it('takes ISO times, absent context and policies, and other permission shapes', async () => {
    net.route(`/prefix/v1/sessions/${ACCOUNT}`, () => ({
      body: {
        pcis: [
          { project: { id: 'a', name: 'a.test', url: 'https://a.test', iconUrl: 'https://a.test/i.png' }, pci: 'p1', expiry: 2_000_000_000, createdAt: '2024-01-01T00:00:00.000Z', permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1000', start: 1, period: 86400 } }] },
          { project: { id: 'b', name: 'b.test' }, pci: 'p2', expiry: 2_000_000_000, createdAt: '2024-02-01T00:00:00.000Z', permissions: [{ type: 'erc20-token-transfer', data: { address: '0x2', allowance: 5 } }], policies: [{ type: 'gas-limit', data: { limit: '0x10' } }], revokedAt: '2024-03-01T00:00:00.000Z' },
        ],
      },
    }));
    const sessions = await getSmartSessions(api, ACCOUNT);
    expect(sessions.map((s) => [s.pci, s.createdAt, s.revokedAt])).to.deep.equal([['p2', 1_706_745_600, 1_709_251_200], ['p1', 1_704_067_200, undefined]]);
    expect(sessions[0]!.permissions[0]!.data?.allowance).to.equal('5');
  });

  it('a malformed answer is an error (the view says "Error fetching smart sessions")', async () => {
    net.route(`/prefix/v1/sessions/${ACCOUNT}`, () => ({ body: { pcis: [{ pci: 'p1' }] } }));
    let failed = false;
    await getSmartSessions(api, ACCOUNT).catch(() => (failed = true));
    expect(failed).to.equal(true);
  });
});
