import { expect } from '@esm-bundle/chai';
import type { WritableAtom } from 'nanostores';
import { $recentWallets, rememberRecentWallet } from '../../../src/stores/recent-wallets.js';

const KEY = 'wallet-connect-modal:recent-wallets';

/** A fresh copy of the module (its store reads localStorage when the module is first evaluated). */
async function loadFresh(tag: string): Promise<WritableAtom<string[]>> {
  const url = new URL(`../../../src/stores/recent-wallets.ts?fresh=${tag}`, import.meta.url).href;
  const module = (await import(/* @vite-ignore */ url)) as { $recentWallets: WritableAtom<string[]> };
  return module.$recentWallets;
}

describe('stores/recent-wallets', () => {
  beforeEach(() => {
    $recentWallets.set([]);
    localStorage.clear();
  });
  after(() => localStorage.clear());

  it('keeps at most 2 wallets, newest first', () => {
    rememberRecentWallet('injected:a');
    rememberRecentWallet('injected:b');
    rememberRecentWallet('injected:c');
    expect($recentWallets.get()).to.deep.equal(['injected:c', 'injected:b']);
  });

  it('moves a wallet used again to the front without duplicating it', () => {
    rememberRecentWallet('injected:a');
    rememberRecentWallet('injected:b');
    rememberRecentWallet('injected:a');
    expect($recentWallets.get()).to.deep.equal(['injected:a', 'injected:b']);
  });

  it('persists as {"v":1,"data":[...]} under wallet-connect-modal:recent-wallets', () => {
    rememberRecentWallet('injected:a');
    rememberRecentWallet('injected:b');
    expect(localStorage.getItem(KEY)).to.equal('{"v":1,"data":["injected:b","injected:a"]}');
  });

  it('reads the persisted list back', async () => {
    localStorage.setItem(KEY, '{"v":1,"data":["injected:x","injected:y"]}');
    expect((await loadFresh('valid')).get()).to.deep.equal(['injected:x', 'injected:y']);
  });

  for (const [name, raw] of [
    ['not JSON', '{"v":1,"data":["injected:x"'],
    ['another version', '{"v":2,"data":["injected:x"]}'],
    ['no version', '["injected:x"]'],
    ['the wrong shape', '{"v":1,"data":[1,2]}'],
  ] as const) {
    it(`ignores a stored value that is ${name}`, async () => {
      localStorage.setItem(KEY, raw);
      expect((await loadFresh(name.replace(/\W/g, ''))).get()).to.deep.equal([]);
    });
  }
});
