import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import { mount, openAndRender, record, useConsoleErrors, waitFor } from './support/element.js';

type ErrorDetail = { code: string; message: string };

describe('<wallet-connect-modal> invalid attributes', () => {
  const logged = useConsoleErrors();

  it('networks="not-a-chain": wallet-error INVALID_CONFIG naming the attribute and form, a console error, and the element keeps working', async () => {
    const errors = record<ErrorDetail>('wallet-error');
    try {
      const el = mount({ networks: 'not-a-chain' });
      await waitFor(() => errors.details.length > 0, 'the wallet-error');

      expect(errors.details).to.have.length(1);
      expect(Object.keys(errors.details[0]!).sort()).to.deep.equal(['code', 'message']);
      // One shape for every wallet-error: the code and the short message; the details go to the console.
      expect(errors.details[0]).to.deep.equal({ code: 'INVALID_CONFIG', message: 'Invalid configuration' });

      expect(logged).to.have.length(1);
      expect(logged[0]).to.contain('[wallet-connect-modal]');
      expect(logged[0]).to.contain('<wallet-connect-modal networks>: ');
      expect(logged[0]).to.contain('Expected a comma-separated list of CAIP-2 ids, e.g. "eip155:1,eip155:137".');

      expect(el.networks).to.deep.equal(['eip155:1']);
      const dialog = await openAndRender(el);
      expect(dialog.open).to.equal(true);
      expect(el.hasAttribute('open')).to.equal(true);
      expect(el.state.open).to.equal(true);
    } finally {
      errors.stop();
    }
  });

  it('an invalid value never replaces a valid one', async () => {
    const el = mount({ theme: 'dark', networks: 'eip155:1,eip155:137' });
    el.setAttribute('theme', 'purple');
    el.setAttribute('networks', 'eip155:1,nonsense');
    expect(el.theme).to.equal('dark');
    expect(el.networks).to.deep.equal(['eip155:1', 'eip155:137']);
    expect(logged.map((l) => l.match(/<wallet-connect-modal [a-z-]+>/)?.[0])).to.deep.equal(['<wallet-connect-modal theme>', '<wallet-connect-modal networks>']);
  });

  it('rpc-urls with a javascript: URL is refused with the accepted form', async () => {
    const errors = record<ErrorDetail>('wallet-error');
    try {
      mount({ 'rpc-urls': '{"eip155:1":"javascript:alert(1)"}' });
      await waitFor(() => errors.details.length > 0, 'the wallet-error');
      expect(errors.details.map((d) => d.code)).to.deep.equal(['INVALID_CONFIG']);
      expect(logged).to.have.length(1);
      expect(logged[0]).to.contain('<wallet-connect-modal rpc-urls>');
      expect(logged[0]).to.contain('Expected a JSON object from CAIP-2 id to http(s) RPC URL');
    } finally {
      errors.stop();
    }
  });

  it('a default-network missing from networks is reported and ignored', async () => {
    const errors = record<ErrorDetail>('wallet-error');
    try {
      const el = mount({ networks: 'eip155:1', 'default-network': 'eip155:137' });
      await waitFor(() => errors.details.length > 0, 'the wallet-error');
      expect(errors.details).to.deep.equal([{ code: 'INVALID_CONFIG', message: 'Invalid configuration' }]);
      expect(logged).to.deep.equal(['[wallet-connect-modal] <wallet-connect-modal default-network>: "eip155:137" is not in networks. Expected a CAIP-2 id listed in "networks".']);
      expect(el.defaultNetwork).to.equal(undefined);
    } finally {
      errors.stop();
    }
  });

  it('open() with bad options throws INVALID_ARGUMENT and reports it', async () => {
    const errors = record<ErrorDetail>('wallet-error');
    try {
      const el = mount();
      expect(() => el.open({ view: 'Nowhere' as never })).to.throw().with.property('code', 'INVALID_ARGUMENT');
      expect(errors.details).to.deep.equal([{ code: 'INVALID_ARGUMENT', message: 'Invalid argument' }]);
      expect(el.state.open).to.equal(false);
      expect(el.hasAttribute('open')).to.equal(false);
    } finally {
      errors.stop();
    }
  });
});
