import { expect } from '@esm-bundle/chai';
import { parseAttribute, parseValue } from '../../../src/core/config.js';
import { WidgetError } from '../../../src/core/errors.js';
import type { Caip2 } from '../../../src/core/caip.js';
import { networkInfo } from '../../../src/core/networks.js';

const ACCEPTS = 'a JSON object from CAIP-2 id to { name?, icon? (https: or data:image/ URL), explorer? (https: URL), nativeCurrency?: { name, symbol, decimals } }';

function refused(value: unknown): WidgetError {
  try {
    parseValue('network-meta', value);
  } catch (error) {
    expect(error).to.be.instanceOf(WidgetError);
    expect((error as WidgetError).code).to.equal('INVALID_CONFIG');
    expect((error as WidgetError).details!.startsWith('<wallet-connect-modal network-meta>: '), (error as WidgetError).details).to.equal(true);
    expect((error as WidgetError).details!.endsWith(`Expected ${ACCEPTS}.`)).to.equal(true);
    return error as WidgetError;
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
}

describe('core/config network-meta', () => {
  it('takes names, https or data:image icons, https explorers and a native currency, keyed by CAIP-2', () => {
    const meta = {
      'eip155:31337': { name: 'Local A', icon: 'data:image/svg+xml,%3Csvg%2F%3E', explorer: 'https://explorer.example', nativeCurrency: { name: 'Test Ether', symbol: 'TETH', decimals: 18 } },
      'eip155:137': { icon: 'https://cdn.example/polygon.png' },
    };
    expect(parseValue('network-meta', meta)).to.deep.equal(meta);
    expect(parseAttribute('network-meta', JSON.stringify(meta))).to.deep.equal(meta);
    expect(parseAttribute('network-meta', null)).to.deep.equal({});
  });

  it('refuses what the views must not load or show: other URL schemes, bad keys, unknown fields, odd decimals', () => {
    refused({ 'eip155:1': { icon: 'javascript:alert(1)' } });
    refused({ 'eip155:1': { icon: 'http://cdn.example/x.png' } });
    refused({ 'eip155:1': { explorer: 'http://etherscan.io' } });
    refused({ 'eip155:1': { explorer: 'javascript:alert(1)' } });
    refused({ 'not-a-chain': { name: 'X' } });
    refused({ 'eip155:1': { name: '' } });
    refused({ 'eip155:1': { explorerUrl: 'https://etherscan.io' } });
    refused({ 'eip155:1': { nativeCurrency: { name: 'X', symbol: 'X', decimals: 1.5 } } });
    refused({ 'eip155:1': { nativeCurrency: { name: 'X', symbol: 'X', decimals: 37 } } });
    refused([]);
    expect(() => parseAttribute('network-meta', '{not json')).to.throw(WidgetError);
  });
});

describe('core/networks with network-meta', () => {
  it('names local chains consistently, and the site owner\'s metadata wins over the built-in', () => {
    expect(networkInfo('eip155:31337' as Caip2).name).to.equal('Anvil 31337');
    expect(networkInfo('eip155:31338' as Caip2).name).to.equal('Anvil 31338');
    expect(networkInfo('eip155:1' as Caip2)).to.deep.include({ name: 'Ethereum', blockExplorerUrl: 'https://etherscan.io' });
    const mine = networkInfo('eip155:1' as Caip2, undefined, { name: 'Mainnet', icon: 'https://cdn.example/eth.svg', explorer: 'https://eth.blockscout.com' });
    expect(mine).to.deep.include({ name: 'Mainnet', icon: 'https://cdn.example/eth.svg', blockExplorerUrl: 'https://eth.blockscout.com' });
    expect(mine.nativeCurrency).to.deep.equal({ name: 'Ether', symbol: 'ETH', decimals: 18 });
    const custom = networkInfo('eip155:999' as Caip2, 'http://127.0.0.1:9999', { nativeCurrency: { name: 'Hype', symbol: 'HYPE', decimals: 18 } });
    expect(custom).to.deep.include({ name: 'Chain 999', rpcUrls: ['http://127.0.0.1:9999'] });
    expect(custom.nativeCurrency.symbol).to.equal('HYPE');
  });
});
