import { clearSwapApiCaches } from '../../../src/services/swap-api.js';
import { $swapDraft, $swapQuote, $swapServiceTokens, $swapSubmitted, initialSwapDraft } from '../../../src/stores/swap.js';
import type { FakeFetch } from '../../unit/support/fake-fetch.js';

export const CHAIN = 'eip155:1';
export const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;
export const LUSD_ADDRESS = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
export const LTK_ADDRESS = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
export const LUSD = `${CHAIN}:${LUSD_ADDRESS}`;
export const LTK = `${CHAIN}:${LTK_ADDRESS}`;
export const ROUTER = '0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9';

/** The visitor's balances: 1.5 ETH at 2000 USD and 100 LUSD at 1 USD (no LTK). */
export const BALANCES = [
  { name: 'Ether', symbol: 'ETH', chainId: CHAIN, value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' },
  { name: 'Local USD', symbol: 'LUSD', chainId: CHAIN, address: LUSD, value: 100, price: 1, quantity: { decimals: '6', numeric: '100' }, iconUrl: '' },
];

/**
 * Pools of a fake service: 1 ETH → 1990 LUSD, 1 ETH → 2 LTK, 1 LUSD → 0.0005 ETH; LUSD → LTK has no liquidity.
 * `gasPrice` 1 gwei. Each call is recorded by the fake fetch.
 */
export function routeSwapService(net: FakeFetch, { allowance = '0' }: { allowance?: string } = {}): void {
  clearSwapApiCaches();
  $swapDraft.set(initialSwapDraft());
  $swapSubmitted.set(false);
  $swapQuote.set({ status: 'idle' });
  $swapServiceTokens.set({ status: 'idle' });
  net.route('/v1/convert/tokens', () => ({
    body: {
      tokens: [
        { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18, logoUri: '' },
        { name: 'Local USD', symbol: 'LUSD', address: LUSD, decimals: 6, logoUri: '' },
        { name: 'Local Token', symbol: 'LTK', address: LTK, decimals: 18, logoUri: '' },
      ],
    },
  }));
  net.route('/v1/convert/gas-price', () => ({ body: { standard: '1000000000', fast: '2000000000', instant: '3000000000' } }));
  net.route('/v1/convert/quotes', (url) => {
    const amount = BigInt(url.searchParams.get('amount')!);
    const pair = `${url.searchParams.get('from')}>${url.searchParams.get('to')}`;
    const out: Record<string, bigint | undefined> = {
      [`${NATIVE}>${LUSD}`]: (amount * 1990n) / 10n ** 12n,
      [`${NATIVE}>${LTK}`]: amount * 2n,
      [`${LUSD}>${NATIVE}`]: amount * 5n * 10n ** 8n,
    };
    const toAmount = out[pair];
    return { body: { quotes: toAmount === undefined ? [] : [{ id: null, fromAmount: amount.toString(), fromAccount: '', toAmount: toAmount.toString(), toAccount: '' }] } };
  });
  net.route('/v1/convert/allowance', () => ({ body: { allowance } }));
  net.route('/v1/convert/build-approve', () => ({ body: { tx: { from: LUSD, to: NATIVE, data: '0x095ea7b3', value: '0', eip155: { gas: 60000, gasPrice: '1000000000' } } } }));
  net.route('/v1/convert/build-transaction', (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { amount: string };
    return { body: { tx: { from: '', to: `${CHAIN}:${ROUTER}`, data: '0x7ff36ab5', amount: body.amount, eip155: { gas: '0', gasPrice: '1000000000' } } } };
  });
}
