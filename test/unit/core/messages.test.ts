import { expect } from '@esm-bundle/chai';
import { t } from '../../../src/core/messages.js';
import '../../../src/core/messages-errors.js';
import '../../../src/core/messages-wallet-views.js';

describe('core/messages t', () => {
  it("has docs/specification.md#errors's messages verbatim", () => {
    expect(t('error.connectionRejected')).to.equal('Connection rejected');
    expect(t('error.connectFailed')).to.equal('Failed to connect');
    expect(t('error.disconnectFailed')).to.equal('Failed to disconnect');
    expect(t('error.modalClosed')).to.equal('Modal closed');
    expect(t('error.unsupportedChain')).to.equal('Unsupported chain');
  });

  it('fills {placeholders}', () => {
    expect(t('connecting.continueIn', { wallet: 'MetaMask' })).to.equal('Continue in MetaMask');
    expect(t('switch.approveHint', { network: 'Polygon' })).to.equal('Switch to Polygon in your wallet to continue.');
    expect(t('view.ConnectingExternal', { wallet: 'Rabby' })).to.equal('Rabby');
  });

  it('leaves a placeholder with no value visible, and ignores extra values', () => {
    expect(t('connecting.continueIn')).to.equal('Continue in {wallet}');
    expect(t('view.Connect', { wallet: 'x' })).to.equal('Connect Wallet');
  });

  it('does not interpret $ patterns in values', () => {
    expect(t('connecting.continueIn', { wallet: "$& $' $1" })).to.equal("Continue in $& $' $1");
  });

  it('falls back to English for unknown languages and regional tags', () => {
    expect(t('view.Connect', {}, 'fr')).to.equal('Connect Wallet');
    expect(t('view.Connect', {}, 'en-GB')).to.equal('Connect Wallet');
    expect(t('connecting.continueIn', { wallet: 'X' }, 'pt-BR')).to.equal('Continue in X');
  });
});
