import { expect } from '@esm-bundle/chai';
import type { Caip2 } from '../../../src/core/caip.js';
import { clearWalletApiCaches, getBalances, getIdentity } from '../../../src/services/wallet-api.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { rejection } from '../support/rejection.js';

const api = { apiUrl: 'http://api.test', projectId: 'p1' };
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CHAIN = 'eip155:31337' as Caip2;
const row = (over: Record<string, unknown> = {}) => ({
  name: 'Local Token', symbol: 'LTK', chainId: CHAIN, address: `${CHAIN}:0x${'1'.repeat(40)}`, price: 1, quantity: { decimals: '18', numeric: '1' }, iconUrl: 'https://icons.test/ltk.png', ...over,
});

describe('services/wallet-api: bodies bounded to real-world values', () => {
  let net: FakeFetch;
  const answer = (balances: unknown[]) => net.route(`/v1/account/${ADDRESS}/balance`, () => ({ body: { balances } }));
  beforeEach(() => {
    clearWalletApiCaches();
    net = installFakeFetch();
    net.route('/v1/supported-chains', () => ({ body: { http: [CHAIN, 'eip155:1'] } }));
  });
  afterEach(() => net.restore());

  it('accepts decimals 0 to 36 and refuses more, or a quantity longer than a uint256 can be', async () => {
    answer([row({ quantity: { decimals: '36', numeric: '1' } })]);
    expect((await getBalances(api, ADDRESS, CHAIN)).map((b) => b.quantity.decimals)).to.deep.equal(['36']);
    for (const quantity of [{ decimals: '37', numeric: '1' }, { decimals: '1000000', numeric: '1' }, { decimals: '18', numeric: '9'.repeat(200) }]) {
      answer([row({ quantity })]);
      const error = await rejection(getBalances(api, ADDRESS, CHAIN, { force: true }));
      expect(error.code).to.equal('INVALID_RESPONSE');
    }
  });

  it('keeps https: and data:image/ icons, and drops any other icon without refusing the body', async () => {
    const icons = ['https://icons.test/a.png', 'data:image/png;base64,AAAA', 'http://icons.test/a.png', 'javascript:alert(1)', 'data:text/html,<b>x</b>', '', null];
    answer(icons.map((iconUrl, i) => row({ symbol: `T${i}`, iconUrl })));
    const balances = await getBalances(api, ADDRESS, CHAIN);
    expect(balances.map((b) => b.iconUrl)).to.deep.equal(['https://icons.test/a.png', 'data:image/png;base64,AAAA', undefined, undefined, undefined, undefined, undefined]);
  });

  it('keeps only the rows of the chain asked for', async () => {
    answer([row({ symbol: 'HERE' }), row({ symbol: 'THERE', chainId: 'eip155:1', address: `eip155:1:0x${'2'.repeat(40)}` })]);
    expect((await getBalances(api, ADDRESS, CHAIN)).map((b) => b.symbol)).to.deep.equal(['HERE']);
  });

  it('drops an avatar that is not an https: or data:image/ URL', async () => {
    net.route(`/v1/identity/${ADDRESS}`, () => ({ body: { name: 'dev.eth', avatar: 'javascript:alert(1)' } }));
    expect(await getIdentity(api, ADDRESS)).to.deep.equal({ name: 'dev.eth', avatar: null });
  });
});
