import { expect } from '@esm-bundle/chai';
import * as api from '../../src/index.js';
import { WalletConnectModalElement } from '../../elements/wallet-connect-modal.js';
import { WidgetError } from '../../src/core/errors.js';

describe('public API (src/index.ts)', () => {
  it('exports exactly these runtime names', () => {
    expect(Object.keys(api).sort()).to.deep.equal(['WalletConnectButtonElement', 'WalletConnectModalElement', 'WidgetError', 'defineWalletConnectButton', 'defineWalletConnectModal', 'isWidgetError']);
  });

  it('exports the element class and the error type themselves', () => {
    expect(api.WalletConnectModalElement).to.equal(WalletConnectModalElement);
    expect(api.WidgetError).to.equal(WidgetError);
    expect(api.isWidgetError(new WidgetError('UNKNOWN', 'Something went wrong'))).to.equal(true);
    expect(api.isWidgetError(new Error('x'))).to.equal(false);
    expect(api.isWidgetError({ code: 'UNKNOWN', shortMessage: 'x' })).to.equal(false);
  });

  it('registers <wallet-connect-modal> and <wallet-connect-button> on import', () => {
    expect(customElements.get('wallet-connect-modal')).to.equal(WalletConnectModalElement);
    expect(customElements.get('wallet-connect-button')).to.equal(api.WalletConnectButtonElement);
    expect(document.createElement('wallet-connect-button')).to.be.instanceOf(api.WalletConnectButtonElement);
  });
});
