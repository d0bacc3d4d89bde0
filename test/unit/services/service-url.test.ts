import { expect } from '@esm-bundle/chai';
import { NO_PROJECT_ID, SDK_TYPE, SDK_VERSION, serviceUrl } from '../../../src/services/service-url.js';

const ID = { st: SDK_TYPE, sv: SDK_VERSION };

describe('services/service-url', () => {
  it('keeps the base URL\'s path prefix, with or without a trailing slash, and with or without a leading one on the path', () => {
    for (const base of ['https://host.example/prefix', 'https://host.example/prefix/', 'https://host.example/prefix//']) {
      for (const path of ['v1/supported-chains', '/v1/supported-chains']) {
        const url = serviceUrl({ url: base, projectId: 'p1' }, path);
        expect(`${url.origin}${url.pathname}`, `${base} + ${path}`).to.equal('https://host.example/prefix/v1/supported-chains');
      }
    }
    expect(serviceUrl({ url: 'http://127.0.0.1:8547', projectId: 'p1' }, 'v1/x').pathname).to.equal('/v1/x');
    expect(serviceUrl({ url: 'http://127.0.0.1:8547/', projectId: 'p1' }, 'v1/x').pathname).to.equal('/v1/x');
  });

  it('drops the base URL\'s query and fragment, then sets the call\'s parameters and the identification ones last', () => {
    const url = serviceUrl({ url: 'https://host.example/api/?projectId=evil&x=1#frag', projectId: 'p1' }, 'v1/account/0xabc/balance', {
      currency: 'usd', chainId: 'eip155:1', cursor: undefined,
    });
    expect(url.hash).to.equal('');
    expect([...url.searchParams]).to.deep.equal([['currency', 'usd'], ['chainId', 'eip155:1'], ['projectId', 'p1'], ['st', ID.st], ['sv', ID.sv]]);
    expect(url.pathname).to.equal('/api/v1/account/0xabc/balance');
  });

  it('sends the same placeholder project id for every service when the host set none', () => {
    const url = serviceUrl({ url: 'https://host.example/', projectId: undefined }, 'v1/supported-chains');
    expect(url.searchParams.get('projectId')).to.equal(NO_PROJECT_ID);
    expect(NO_PROJECT_ID).to.equal('none');
  });

  it('keeps a trailing slash the path asks for (the JSON-RPC proxy is `v1/`)', () => {
    const url = serviceUrl({ url: 'https://rpc.example/base', projectId: 'p1' }, 'v1/', { chainId: 'eip155:1' });
    expect(url.href).to.equal(`https://rpc.example/base/v1/?chainId=eip155%3A1&projectId=p1&st=${ID.st}&sv=${encodeURIComponent(ID.sv)}`);
  });
});
