import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { pushRoute } from '../../src/stores/route.js';
import { bodyText, cleanup, dialogOf, mount, openAndRender, part, record, titleText, waitFor } from './support/element.js';

describe('<wallet-connect-modal> a view that fails to render', () => {
  let el: WalletConnectModalElement;
  let errors: ReturnType<typeof record<{ code: string; message: string }>>;

  beforeEach(() => {
    errors = record('wallet-error');
    el = mount({ networks: 'eip155:1' });
  });
  afterEach(async () => {
    errors.stop();
    await cleanup();
  });

  it('shows a message and a way back, reports RENDER_FAILED, and the way back works', async () => {
    await openAndRender(el);
    // A review whose amount is not a number: its screen throws while rendering.
    pushRoute({ view: 'SendReview', transfer: { chainId: 'eip155:1', from: `0x${'1'.repeat(40)}`, tokenKey: 'x', symbol: 'X', decimals: 18, tokenAddress: undefined, amount: 'not a number', to: `0x${'2'.repeat(40)}`, name: undefined } });
    await waitFor(() => el.shadowRoot!.querySelector('[data-render-failed]'), 'the failure view', 8000);
    expect(dialogOf(el).open).to.equal(true);
    expect(el.shadowRoot!.querySelector('[data-render-failed] [role="alert"]')!.textContent).to.equal('Something went wrong');
    await waitFor(() => errors.details.length > 0, 'the wallet-error');
    expect(errors.details.map((d) => d.code)).to.deep.equal(['RENDER_FAILED']);
    expect(errors.details[0]!.message).to.equal('Something went wrong');

    const button = el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="recover"]')!;
    expect(button.textContent).to.equal('Start over');
    button.click();
    await waitFor(() => titleText(el) === 'Connect Wallet' && !el.shadowRoot!.querySelector('[data-render-failed]'), 'the Connect view');
    expect(dialogOf(el).open).to.equal(true);
    expect(bodyText(el)).to.not.contain('Something went wrong');
    expect(part(el, 'title')!.textContent).to.equal('Connect Wallet');
  });
});
