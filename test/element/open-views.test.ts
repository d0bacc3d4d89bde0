import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { ViewName } from '../../src/index.js';
import { cleanup, mount, record } from './support/element.js';

/** The view names README's `open({ view?, namespace? })` row documents (the public contract). */
async function documentedViews(): Promise<string[]> {
  const readme = await (await fetch(new URL('../../README.md', import.meta.url))).text();
  const row = readme.split('\n').find((line) => line.startsWith('| `open({ view?, namespace? })` |'));
  if (!row) throw new Error('README has no open() row');
  const names = [...row.split('|')[2]!.matchAll(/`([A-Z][A-Za-z]+)`/g)].map((m) => m[1]!);
  if (names.length === 0) throw new Error(`no view names in: ${row}`);
  return names;
}

describe('<wallet-connect-modal> open({ view }) accepts every view README documents', () => {
  afterEach(cleanup);

  it('README lists at least Connect, Account, SwitchNetwork and Send', async () => {
    expect(await documentedViews()).to.include.members(['Connect', 'Account', 'SwitchNetwork', 'Send']);
  });

  /** The views a visitor without a connection can be sent to directly. */
  const OPEN_DISCONNECTED = ['AllWallets', 'WhatIsAWallet', 'GetAWallet'];

  it('each documented view opens the modal without INVALID_ARGUMENT (disconnected: Connect, or AllWallets and the help views themselves)', async () => {
    const views = await documentedViews();
    const errors = record<{ code: string }>('wallet-error');
    const opened = record<{ view: string }>('wallet-open');
    try {
      const el = mount();
      for (const view of views) {
        expect(() => el.open({ view: view as ViewName }), view).not.to.throw();
        expect(el.state.open, view).to.equal(true);
        expect(el.state.view, view).to.equal(OPEN_DISCONNECTED.includes(view) ? view : 'Connect');
        el.close();
      }
      expect(errors.details).to.deep.equal([]);
      expect(opened.details.map((d) => d.view)).to.deep.equal(views.map((v) => (OPEN_DISCONNECTED.includes(v) ? v : 'Connect')));
    } finally {
      errors.stop();
      opened.stop();
    }
  });
});
