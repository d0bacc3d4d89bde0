import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { ViewName } from '../../src/index.js';
import { noteTransaction } from '../../src/stores/transactions.js';
import { cleanup, mount, record } from './support/element.js';

/** The view names docs/contract.md's `open({ view?, namespace? })` row documents (the public contract). */
async function documentedViews(): Promise<string[]> {
  const readme = await (await fetch(new URL('../../docs/contract.md', import.meta.url))).text();
  const row = readme.split('\n').find((line) => line.startsWith('| `open({ view?, namespace? })` |'));
  if (!row) throw new Error('docs/contract.md has no open() row');
  const names = [...row.split('|')[2]!.matchAll(/`([A-Z][A-Za-z]+)`/g)].map((m) => m[1]!);
  if (names.length === 0) throw new Error(`no view names in: ${row}`);
  return names;
}

describe('<wallet-connect-modal> open({ view }) accepts every view docs/contract.md documents', () => {
  afterEach(cleanup);

  it('docs/contract.md lists at least Connect, Account, SwitchNetwork and Send', async () => {
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
        let answer: unknown;
        expect(() => { answer = el.open({ view: view as ViewName }); }, view).not.to.throw();
        // open({ view: 'Send' }) is a pending call of the host's: closing ends it with MODAL_CLOSED (tested below).
        if (answer instanceof Promise) answer.catch(() => {});
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

describe("<wallet-connect-modal> open({ view: 'Send' }) is a call that ends", () => {
  afterEach(cleanup);

  it('rejects MODAL_CLOSED ("Modal closed") when the visitor closes the modal before sending', async () => {
    const el = mount();
    const pending = el.open({ view: 'Send' });
    expect(pending).to.be.instanceOf(Promise);
    el.close();
    const error = await pending.then(() => undefined, (e: { code: string; shortMessage: string }) => e);
    expect([error?.code, error?.shortMessage]).to.deep.equal(['MODAL_CLOSED', 'Modal closed']);
  });

  it('resolves { hash } once a transfer is sent from the modal (its pending notice), and other views answer nothing', async () => {
    const el = mount();
    expect(el.open({ view: 'Account' })).to.equal(undefined);
    const pending = el.open({ view: 'Send' });
    noteTransaction({ status: 'pending', hash: '0xaa', chainId: 'eip155:1', kind: 'approve' });
    noteTransaction({ status: 'pending', hash: '0xbb', chainId: 'eip155:1', kind: 'native-transfer' });
    expect(await pending).to.deep.equal({ hash: '0xbb' });
    el.close();
  });
});

