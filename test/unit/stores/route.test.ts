import { expect } from '@esm-bundle/chai';
import { WidgetError, errorSummary } from '../../../src/core/errors.js';
import { $canGoBack, $history, $route, popRoute, pushRoute, replaceRoute, resetRoute, showRoute } from '../../../src/stores/route.js';

describe('stores/route', () => {
  beforeEach(() => resetRoute({ view: 'Connect' }));

  it('starts on Connect with nothing to go back to', () => {
    expect($route.get()).to.deep.equal({ view: 'Connect' });
    expect($canGoBack.get()).to.equal(false);
  });

  it('push shows the new view and keeps the previous one', () => {
    pushRoute({ view: 'ConnectingExternal', walletId: 'injected:io.metamask' });
    expect($route.get()).to.deep.equal({ view: 'ConnectingExternal', walletId: 'injected:io.metamask' });
    expect($canGoBack.get()).to.equal(true);
    expect($history.get()).to.have.length(2);
  });

  it('showRoute pushes a new view, and replaces the current one when it is the same view (a retry)', () => {
    showRoute({ view: 'ConnectingExternal', walletId: 'injected:a' });
    showRoute({ view: 'ConnectingExternal', walletId: 'injected:b' });
    expect($history.get()).to.deep.equal([{ view: 'Connect' }, { view: 'ConnectingExternal', walletId: 'injected:b' }]);
    showRoute({ view: 'ConnectingWalletConnect' });
    expect($history.get()).to.have.length(3);
  });

  it('errorSummary shows the code and the user-safe message, never the details', () => {
    const error = new WidgetError('CONNECT_FAILED', 'Failed to connect', { details: 'socket hang up' });
    expect(errorSummary(error)).to.deep.equal({ code: 'CONNECT_FAILED', message: 'Failed to connect' });
  });

  it('pop goes back one view, and refuses to empty the history', () => {
    pushRoute({ view: 'Account' });
    pushRoute({ view: 'SwitchNetwork' });
    expect(popRoute()).to.equal(true);
    expect($route.get()).to.deep.equal({ view: 'Account' });
    expect(popRoute()).to.equal(true);
    expect($route.get()).to.deep.equal({ view: 'Connect' });
    expect(popRoute()).to.equal(false);
    expect($route.get()).to.deep.equal({ view: 'Connect' });
    expect($canGoBack.get()).to.equal(false);
  });

  it('replace swaps the current view without growing the history', () => {
    pushRoute({ view: 'ConnectingExternal', walletId: 'w' });
    replaceRoute({ view: 'ConnectingExternal', walletId: 'w', error: { code: 'CONNECTION_REJECTED', message: 'Connection rejected' } });
    expect($history.get()).to.deep.equal([
      { view: 'Connect' },
      { view: 'ConnectingExternal', walletId: 'w', error: { code: 'CONNECTION_REJECTED', message: 'Connection rejected' } },
    ]);
    popRoute();
    expect($route.get()).to.deep.equal({ view: 'Connect' });
  });

  it('reset starts a fresh history', () => {
    pushRoute({ view: 'Account' });
    pushRoute({ view: 'SwitchNetwork', pending: 'eip155:137' });
    resetRoute({ view: 'UnsupportedChain' });
    expect($history.get()).to.deep.equal([{ view: 'UnsupportedChain' }]);
    expect($canGoBack.get()).to.equal(false);
  });
});
