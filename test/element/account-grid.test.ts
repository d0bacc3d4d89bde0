import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { useAccountFixture } from './support/account.js';
import { waitFor } from './support/element.js';

const ETH = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' };

/**
 * The Account view's action tiles, whichever are offered: rows that fill the width, tiles of one row of one width,
 * no row with a single tile (the network and Disconnect rows below are not tiles).
 */
const CASES = [
  { features: 'send,swaps,onramp,names', tiles: ['copy', 'receive', 'send', 'swap', 'buy', 'get-name', 'wallets'], rows: [3, 2, 2] },
  { features: 'send,names', tiles: ['copy', 'receive', 'send', 'get-name', 'wallets'], rows: [3, 2] },
  { features: 'send,swaps', tiles: ['copy', 'receive', 'send', 'swap', 'wallets'], rows: [3, 2] },
  { features: 'send', tiles: ['copy', 'receive', 'send', 'wallets'], rows: [2, 2] },
  { features: 'send,swaps,onramp', tiles: ['copy', 'receive', 'send', 'swap', 'buy', 'wallets'], rows: [3, 3] },
  { features: '', tiles: ['copy', 'receive', 'wallets'], rows: [3] },
];

for (const { features, tiles, rows } of CASES) {
  describe(`<wallet-connect-modal> Account action tiles (features="${features}")`, () => {
    let el: WalletConnectModalElement;
    const { connectAndOpen } = useAccountFixture(
      { wallet: { rdns: `com.example.grid${features.replace(/,/g, '-')}`, name: 'Grid Wallet' }, chains: ['eip155:1'], balances: [ETH], features },
      (fixture) => ({ el } = fixture),
    );

    it(`${tiles.length} tiles in rows of ${rows.join(', ')}, each row as wide as the list, its tiles of one width`, async () => {
      await connectAndOpen();
      const list = await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('.account .actions'), 'the actions');
      const last = tiles.at(-2)!;
      await waitFor(() => list.querySelector(`[data-action="${last}"]`), `the ${last} tile`, 8000);
      const buttons = [...list.querySelectorAll<HTMLElement>('li > button')].filter((b) => !['switch-network', 'disconnect'].includes(b.dataset.action!));
      expect(buttons.map((b) => b.dataset.action)).to.deep.equal(tiles);
      const box = list.getBoundingClientRect();
      const byRow = new Map<number, DOMRect[]>();
      for (const b of buttons) {
        const r = b.getBoundingClientRect();
        byRow.set(Math.round(r.top), [...(byRow.get(Math.round(r.top)) ?? []), r]);
      }
      const found = [...byRow.values()];
      expect(found.map((row) => row.length)).to.deep.equal(rows);
      for (const row of found) {
        expect(Math.round(row[0]!.left), 'the row starts at the left edge').to.equal(Math.round(box.left));
        expect(Math.round(row.at(-1)!.right), 'the row ends at the right edge').to.equal(Math.round(box.right));
        expect(new Set(row.map((r) => Math.round(r.width))).size, 'tiles of one width').to.equal(1);
      }
    });
  });
}
