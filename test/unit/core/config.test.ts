import { expect } from '@esm-bundle/chai';
import { ATTRIBUTE_NAMES, DEFAULT_CONFIG, parseAttribute, parseValue, resolveConfig } from '../../../src/core/config.js';
import { WidgetError } from '../../../src/core/errors.js';

/** Runs `fn`, expecting an INVALID_CONFIG WidgetError; returns it. */
function invalid(fn: () => unknown): WidgetError {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected a throw').to.be.instanceOf(WidgetError);
  const error = thrown as WidgetError;
  expect(error.code).to.equal('INVALID_CONFIG');
  expect(error.shortMessage).to.equal('Invalid configuration');
  return error;
}

/** The details name the attribute first and end with the accepted form. */
function expectDetails(error: WidgetError, attribute: string, expected: string) {
  expect(error.details).to.be.a('string');
  expect(error.details!.startsWith(`<wallet-connect-modal ${attribute}>: `), error.details).to.equal(true);
  expect(error.details!.endsWith(`Expected ${expected}.`), error.details).to.equal(true);
}

const POLYGON = 'eip155:137';
const PAGE = 'https://shop.example/app/checkout.html?step=2#pay';
const URL_ACCEPTS = 'an absolute http: or https: URL, or a path resolved against the page (e.g. "/api/")';
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';

describe('core/config parseAttribute', () => {
  it('knows exactly the attributes of the public contract', () => {
    expect([...ATTRIBUTE_NAMES].sort()).to.deep.equal(
      [
        'allow-unsupported-chain', 'analytics-url', 'api-url', 'auth-url', 'default-account-type', 'default-network', 'directory-url', 'features', 'lang',
        'network-meta', 'networks', 'project-id', 'relay-url', 'rpc-urls', 'privacy-url', 'siwx-email-capture', 'siwx-keep-session', 'siwx-required', 'siwx-url', 'terms-url', 'theme', 'socials',
      ].sort(),
    );
  });

  it('siwx-keep-session: a comma list of account-change, network-change, disconnect; none by default; anything else refused', () => {
    expect(parseAttribute('siwx-keep-session', null)).to.deep.equal([]);
    expect(parseAttribute('siwx-keep-session', 'account-change, disconnect')).to.deep.equal(['account-change', 'disconnect']);
    expect(() => parseAttribute('siwx-keep-session', 'chain-change')).to.throw();
  });

  it('gives the documented default for every absent attribute', () => {
    expect(parseAttribute('networks', null)).to.deep.equal(['eip155:1']);
    expect(parseAttribute('default-network', null)).to.equal(undefined);
    expect(parseAttribute('project-id', null)).to.equal(undefined);
    expect(parseAttribute('relay-url', null)).to.equal('wss://relay.walletconnect.org');
    expect(parseAttribute('api-url', null)).to.equal(undefined);
    expect(parseAttribute('directory-url', null)).to.equal(undefined);
    expect(parseAttribute('auth-url', null)).to.equal(undefined);
    expect(parseAttribute('siwx-url', null)).to.equal(undefined);
    expect(parseAttribute('siwx-required', null)).to.equal(false);
    expect(parseAttribute('rpc-urls', null)).to.deep.equal({});
    expect(parseAttribute('features', null)).to.deep.equal([]);
    expect(parseAttribute('theme', null)).to.equal('system');
    expect(parseAttribute('allow-unsupported-chain', null)).to.equal(false);
    expect(parseAttribute('lang', null)).to.equal('en');
  });

  describe('networks', () => {
    it('reads a comma-separated list of eip155 and solana CAIP-2 ids, trimming spaces', () => {
      expect(parseAttribute('networks', 'eip155:1,eip155:137')).to.deep.equal(['eip155:1', POLYGON]);
      expect(parseAttribute('networks', ` eip155:10 , ${SOLANA} `)).to.deep.equal(['eip155:10', SOLANA]);
    });

    it('refuses a value that is not a CAIP-2 id, naming the attribute and the accepted form', () => {
      const error = invalid(() => parseAttribute('networks', 'not-a-chain'));
      expectDetails(error, 'networks', 'a comma-separated list of CAIP-2 ids, e.g. "eip155:1,eip155:137"');
      expect(error.message).to.contain('<wallet-connect-modal networks>');
      expect(error.message).to.contain('Expected a comma-separated list of CAIP-2 ids');
    });

    it('refuses one bad id in an otherwise valid list, another namespace, and an empty list', () => {
      invalid(() => parseAttribute('networks', 'eip155:1,polygon'));
      invalid(() => parseAttribute('networks', 'cosmos:cosmoshub-4'));
      invalid(() => parseAttribute('networks', ''));
      invalid(() => parseAttribute('networks', ' , '));
    });
  });

  describe('default-network', () => {
    it('reads one CAIP-2 id', () => {
      expect(parseAttribute('default-network', POLYGON)).to.equal(POLYGON);
    });
    it('refuses anything else', () => {
      expectDetails(invalid(() => parseAttribute('default-network', '137')), 'default-network', 'a CAIP-2 id listed in "networks"');
      invalid(() => parseAttribute('default-network', 'eip155:1,eip155:137'));
    });
  });

  describe('project-id', () => {
    it('reads a non-empty id', () => {
      expect(parseAttribute('project-id', ' abc123 ')).to.equal('abc123');
    });
    it('refuses an empty id', () => {
      expectDetails(invalid(() => parseAttribute('project-id', '')), 'project-id', 'a non-empty WalletConnect project id');
    });
  });

  describe('relay-url', () => {
    it('reads ws:, wss:, http: and https: URLs', () => {
      for (const url of ['wss://relay.example.org', 'ws://127.0.0.1:4000', 'http://127.0.0.1:4000', 'https://relay.example.org/x']) {
        expect(parseAttribute('relay-url', url)).to.equal(url);
      }
    });
    it('refuses other schemes and relative URLs', () => {
      expectDetails(invalid(() => parseAttribute('relay-url', 'javascript:alert(1)')), 'relay-url', 'an absolute ws:, wss:, http: or https: URL');
      invalid(() => parseAttribute('relay-url', '/relay'));
      invalid(() => parseAttribute('relay-url', 'ftp://relay.example.org'));
    });
  });

  for (const name of ['api-url', 'directory-url', 'auth-url', 'siwx-url'] as const) {
    describe(name, () => {
      it('reads an absolute http(s) URL', () => {
        expect(parseAttribute(name, 'https://api.example.org/v1')).to.equal('https://api.example.org/v1');
        expect(parseAttribute(name, 'http://127.0.0.1:8787')).to.equal('http://127.0.0.1:8787');
      });
      it('refuses javascript:, data: and ws: URLs, and an empty value, with or without a page to resolve against', () => {
        for (const base of [undefined, PAGE]) {
          expectDetails(invalid(() => parseAttribute(name, 'javascript:alert(1)', base)), name, URL_ACCEPTS);
          invalid(() => parseAttribute(name, 'data:text/html,hi', base));
          invalid(() => parseAttribute(name, 'wss://api.example.org', base));
          invalid(() => parseAttribute(name, '', base));
        }
      });
      it('takes a path, resolved against the page, keeping its prefix (docs/README.md)', () => {
        expect(parseAttribute(name, '/wallet-api/', PAGE)).to.equal('https://shop.example/wallet-api/');
        expect(parseAttribute(name, 'services/api', PAGE)).to.equal('https://shop.example/app/services/api');
        expect(parseAttribute(name, '../api/v2/', PAGE)).to.equal('https://shop.example/api/v2/');
        expect(parseAttribute(name, '//cdn.example/api', PAGE)).to.equal('https://cdn.example/api');
        expect(parseAttribute(name, 'https://api.example.org/v1', PAGE)).to.equal('https://api.example.org/v1');
      });
      it('refuses a path when there is no page to resolve it against', () => {
        expectDetails(invalid(() => parseAttribute(name, '/api')), name, URL_ACCEPTS);
      });
    });
  }

  for (const name of ['siwx-required', 'allow-unsupported-chain'] as const) {
    it(`${name} is a boolean attribute: presence is true whatever its text, absence is false`, () => {
      expect(parseAttribute(name, '')).to.equal(true);
      expect(parseAttribute(name, name)).to.equal(true);
      expect(parseAttribute(name, 'false')).to.equal(true);
      expect(parseAttribute(name, null)).to.equal(false);
    });
  }

  describe('rpc-urls', () => {
    it('reads a JSON object from CAIP-2 id to http(s) URL', () => {
      expect(parseAttribute('rpc-urls', '{"eip155:1":"https://rpc.example.org","eip155:31337":"http://127.0.0.1:8545"}')).to.deep.equal({
        'eip155:1': 'https://rpc.example.org',
        'eip155:31337': 'http://127.0.0.1:8545',
      });
    });
    it('refuses text that is not JSON, naming the attribute and the accepted form', () => {
      const error = invalid(() => parseAttribute('rpc-urls', '{eip155:1: https://rpc.example.org}'));
      expectDetails(error, 'rpc-urls', 'a JSON object from CAIP-2 id to http(s) RPC URL, e.g. {"eip155:1":"https://…"}');
    });
    it('refuses a javascript: URL, a key that is not a CAIP-2 id, and JSON that is not an object', () => {
      expectDetails(invalid(() => parseAttribute('rpc-urls', '{"eip155:1":"javascript:alert(1)"}')), 'rpc-urls', 'a JSON object from CAIP-2 id to http(s) RPC URL, e.g. {"eip155:1":"https://…"}');
      invalid(() => parseAttribute('rpc-urls', '{"mainnet":"https://rpc.example.org"}'));
      invalid(() => parseAttribute('rpc-urls', '"https://rpc.example.org"'));
      invalid(() => parseAttribute('rpc-urls', '["https://rpc.example.org"]'));
    });
    it('takes an object through parseValue (the rpcUrls property)', () => {
      expect(parseValue('rpc-urls', { 'eip155:1': 'https://rpc.example.org' })).to.deep.equal({ 'eip155:1': 'https://rpc.example.org' });
      invalid(() => parseValue('rpc-urls', { 'eip155:1': 'javascript:alert(1)' }));
    });
  });

  describe('features', () => {
    it('reads a comma list of the known features', () => {
      expect(parseAttribute('features', 'email, socials,send,swaps,onramp,history,names')).to.deep.equal(['email', 'socials', 'send', 'swaps', 'onramp', 'history', 'names']);
      expect(parseAttribute('features', '')).to.deep.equal([]);
    });
    it('refuses an unknown feature', () => {
      expectDetails(invalid(() => parseAttribute('features', 'send,teleport')), 'features', 'a comma-separated list of: email, socials, send, swaps, onramp, history, names');
    });
  });

  describe('socials', () => {
    it('reads which social buttons show, in that order; all of them when absent', () => {
      expect(parseAttribute('socials', null)).to.deep.equal(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']);
      expect(parseAttribute('socials', 'github, google')).to.deep.equal(['github', 'google']);
    });
    it('refuses an unknown provider', () => {
      expectDetails(invalid(() => parseAttribute('socials', 'google,myspace')), 'socials', 'a comma-separated list of: google, x, farcaster, discord, apple, github, facebook');
    });
  });

  describe('theme', () => {
    it('reads light, dark and system', () => {
      expect(parseAttribute('theme', 'light')).to.equal('light');
      expect(parseAttribute('theme', 'dark')).to.equal('dark');
      expect(parseAttribute('theme', 'system')).to.equal('system');
    });
    it('refuses other values', () => {
      expectDetails(invalid(() => parseAttribute('theme', 'blue')), 'theme', 'one of: light, dark, system');
      invalid(() => parseAttribute('theme', 'Dark '.repeat(2)));
    });
  });

  describe('default-account-type', () => {
    it('reads eoa and smartAccount; absent is eoa; refuses other values', () => {
      expect(parseAttribute('default-account-type', null)).to.equal('eoa');
      expect(parseAttribute('default-account-type', 'smartAccount')).to.equal('smartAccount');
      expect(parseAttribute('default-account-type', 'eoa')).to.equal('eoa');
      expectDetails(invalid(() => parseAttribute('default-account-type', 'smart')), 'default-account-type', 'one of: eoa, smartAccount');
    });
  });

  describe('lang', () => {
    it('reads a BCP 47 tag', () => {
      expect(parseAttribute('lang', 'pt-BR')).to.equal('pt-BR');
      expect(parseAttribute('lang', 'de')).to.equal('de');
    });
    it('refuses text that is not a language tag', () => {
      expectDetails(invalid(() => parseAttribute('lang', 'not a language!')), 'lang', 'a BCP 47 language tag, e.g. "en" or "pt-BR"');
      invalid(() => parseAttribute('lang', ''));
    });
  });
});

describe('core/config resolveConfig', () => {
  it('fills every default', () => {
    const { config, problems } = resolveConfig({});
    expect(config).to.deep.equal(DEFAULT_CONFIG);
    expect(problems).to.deep.equal([]);
  });

  it('keeps a default-network listed in networks', () => {
    const { config, problems } = resolveConfig({ networks: ['eip155:1', POLYGON], defaultNetwork: POLYGON });
    expect(config.defaultNetwork).to.equal(POLYGON);
    expect(problems).to.have.length(0);
  });

  it('drops a default-network missing from networks and reports INVALID_CONFIG naming default-network', () => {
    const { config, problems } = resolveConfig({ networks: ['eip155:1'], defaultNetwork: POLYGON });
    expect(config.defaultNetwork).to.equal(undefined);
    expect(config.networks).to.deep.equal(['eip155:1']);
    expect(problems).to.have.length(1);
    expect(problems[0]!.code).to.equal('INVALID_CONFIG');
    expect(problems[0]!.details).to.equal('<wallet-connect-modal default-network>: "eip155:137" is not in networks. Expected a CAIP-2 id listed in "networks".');
  });
});
