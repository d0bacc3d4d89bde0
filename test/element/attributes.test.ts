import { expect } from '@esm-bundle/chai';
import { WalletConnectModalElement, defineWalletConnectModal } from '../../src/index.js';
import { $config } from '../../src/stores/config.js';
import { cleanup, dialogOf, mount, openAndRender } from './support/element.js';

describe('<wallet-connect-modal> attributes and properties', () => {
  afterEach(cleanup);

  for (const [attribute, property, key] of [
    ['allow-unsupported-chain', 'allowUnsupportedChain', 'allowUnsupportedChain'],
    ['siwx-required', 'siwxRequired', 'siwxRequired'],
    ['siwx-email-capture', 'siwxEmailCapture', 'siwxEmailCapture'],
  ] as const) {
    describe(attribute, () => {
      it('presence is true (whatever its text), removal is false', () => {
        const el = mount();
        expect(el[property]).to.equal(false);
        expect($config.get()[key]).to.equal(false);

        el.setAttribute(attribute, '');
        expect(el[property]).to.equal(true);
        expect($config.get()[key]).to.equal(true);

        el.setAttribute(attribute, 'false');
        expect(el[property]).to.equal(true);
        expect($config.get()[key]).to.equal(true);

        el.removeAttribute(attribute);
        expect(el[property]).to.equal(false);
        expect($config.get()[key]).to.equal(false);
      });

      it('the property toggles the attribute', () => {
        const el = mount();
        el[property] = true;
        expect(el.getAttribute(attribute)).to.equal('');
        expect($config.get()[key]).to.equal(true);
        el[property] = false;
        expect(el.hasAttribute(attribute)).to.equal(false);
        expect($config.get()[key]).to.equal(false);
      });

      it('is read from the markup', () => {
        const host = document.createElement('div');
        host.setAttribute('data-test-widget', '');
        host.innerHTML = `<wallet-connect-modal ${attribute}></wallet-connect-modal>`;
        document.body.append(host);
        expect((host.firstElementChild as WalletConnectModalElement)[property]).to.equal(true);
        expect($config.get()[key]).to.equal(true);
      });
    });
  }

  it('theme: the property reflects to the attribute and back', () => {
    const el = mount();
    expect(el.theme).to.equal('system');
    el.theme = 'dark';
    expect(el.getAttribute('theme')).to.equal('dark');
    expect(el.theme).to.equal('dark');
    el.setAttribute('theme', 'light');
    expect(el.theme).to.equal('light');
  });

  it('networks: the property reflects as a comma list and reads back as an array', () => {
    const el = mount();
    el.networks = ['eip155:1', 'eip155:137'];
    expect(el.getAttribute('networks')).to.equal('eip155:1,eip155:137');
    expect(el.networks).to.deep.equal(['eip155:1', 'eip155:137']);
    expect($config.get().networks).to.deep.equal(['eip155:1', 'eip155:137']);
  });

  it('keeps a property set before the tag is defined, after the upgrade', async () => {
    const el = document.createElement('wcm-late-upgrade') as WalletConnectModalElement;
    el.setAttribute('data-test-widget', '');
    el.theme = 'dark';
    el.allowUnsupportedChain = true;
    el.rpcUrls = { 'eip155:1': 'https://rpc.example.org' };
    document.body.append(el);
    expect(el).to.not.be.instanceOf(WalletConnectModalElement);

    defineWalletConnectModal('wcm-late-upgrade');
    expect(el).to.be.instanceOf(WalletConnectModalElement);
    expect(el.theme).to.equal('dark');
    expect(el.getAttribute('theme')).to.equal('dark');
    expect(el.hasAttribute('allow-unsupported-chain')).to.equal(true);
    expect(el.rpcUrls).to.deep.equal({ 'eip155:1': 'https://rpc.example.org' });
    expect($config.get()).to.include({ theme: 'dark', allowUnsupportedChain: true });

    // And the dark theme is the one drawn.
    await openAndRender(el);
    expect(getComputedStyle(dialogOf(el)).backgroundColor).to.equal('rgb(24, 25, 27)');
  });

  it('rpcUrls: the property takes an object (property only, no attribute written)', () => {
    const el = mount();
    el.rpcUrls = { 'eip155:1': 'https://rpc.example.org', 'eip155:31337': 'http://127.0.0.1:8545' };
    expect(el.rpcUrls).to.deep.equal({ 'eip155:1': 'https://rpc.example.org', 'eip155:31337': 'http://127.0.0.1:8545' });
    expect($config.get().rpcUrls).to.deep.equal({ 'eip155:1': 'https://rpc.example.org', 'eip155:31337': 'http://127.0.0.1:8545' });
    expect(el.hasAttribute('rpc-urls')).to.equal(false);
    el.rpcUrls = null;
    expect(el.rpcUrls).to.deep.equal({});
    expect($config.get().rpcUrls).to.deep.equal({});
  });

  it('rpc-urls: the attribute takes JSON', () => {
    const el = mount({ 'rpc-urls': '{"eip155:137":"https://polygon.example.org"}' });
    expect(el.rpcUrls).to.deep.equal({ 'eip155:137': 'https://polygon.example.org' });
  });

  it('other attributes reach the configuration', () => {
    mount({
      networks: 'eip155:1, eip155:10',
      'default-network': 'eip155:10',
      'project-id': 'p-123',
      'api-url': 'https://api.example.org',
      features: 'send,history',
      lang: 'pt-BR',
    });
    expect($config.get()).to.include({ defaultNetwork: 'eip155:10', projectId: 'p-123', apiUrl: 'https://api.example.org', lang: 'pt-BR' });
    expect($config.get().networks).to.deep.equal(['eip155:1', 'eip155:10']);
    expect($config.get().features).to.deep.equal(['send', 'history']);
  });

  it('api-url and directory-url take a path, resolved against the page (document.baseURI); an absolute URL stays as it is', () => {
    const el = mount({ 'api-url': '/wallet-api/', 'directory-url': 'directory/v2' });
    expect($config.get().apiUrl).to.equal(new URL('/wallet-api/', document.baseURI).href);
    expect($config.get().directoryUrl).to.equal(new URL('directory/v2', document.baseURI).href);
    expect(el.apiUrl).to.equal(`${location.origin}/wallet-api/`);
    el.apiUrl = 'https://api.example.org/prefix';
    expect($config.get().apiUrl).to.equal('https://api.example.org/prefix');
  });

  it("each element's properties read its own attributes when two are on the page", () => {
    const dark = mount({ theme: 'dark', networks: 'eip155:1' });
    const light = mount({ theme: 'light', networks: 'eip155:137' });
    expect(dark.getAttribute('theme')).to.equal('dark');
    expect(dark.theme, 'theme of the first element').to.equal('dark');
    expect(dark.networks).to.deep.equal(['eip155:1']);
    expect(light.theme).to.equal('light');
    expect(light.networks).to.deep.equal(['eip155:137']);
  });
});
