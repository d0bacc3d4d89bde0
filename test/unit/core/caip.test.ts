import { expect } from '@esm-bundle/chai';
import {
  caip10, evmCaip2, evmChainId, isCaip2, isEvmAddress, parseCaip10, parseCaip2, toHexChainId, truncateAddress,
} from '../../../src/core/caip.js';

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const ADDRESS = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
const SOL_ADDRESS = 'So11111111111111111111111111111111111111112';

describe('core/caip', () => {
  it('parses CAIP-2 ids', () => {
    expect(parseCaip2('eip155:1')).to.deep.equal({ namespace: 'eip155', reference: '1' });
    expect(parseCaip2(SOLANA)).to.deep.equal({ namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' });
  });

  it('refuses text that is not CAIP-2', () => {
    for (const bad of ['eip155', 'eip155:', ':1', 'ab:1', 'EIP155:1', 'eip155:1:0xabc', `eip155:${'1'.repeat(33)}`, 'eip 155:1', '']) {
      expect(parseCaip2(bad), bad).to.equal(undefined);
      expect(isCaip2(bad), bad).to.equal(false);
    }
    expect(isCaip2('eip155:137')).to.equal(true);
  });

  it('formats EVM chain ids from numbers, hex and decimal strings', () => {
    expect(evmCaip2(1)).to.equal('eip155:1');
    expect(evmCaip2('0x89')).to.equal('eip155:137');
    expect(evmCaip2('137')).to.equal('eip155:137');
    expect(evmCaip2('0xaa36a7')).to.equal('eip155:11155111');
    expect(toHexChainId(137)).to.equal('0x89');
    expect(toHexChainId(1)).to.equal('0x1');
  });

  it('reads the numeric chain id of eip155 ids only', () => {
    expect(evmChainId('eip155:137')).to.equal(137);
    expect(evmChainId(SOLANA)).to.equal(undefined);
    expect(evmChainId('eip155:abc')).to.equal(undefined);
    expect(evmChainId('nonsense')).to.equal(undefined);
  });

  it('parses CAIP-10 account ids of exactly three non-empty parts', () => {
    expect(parseCaip10(`eip155:1:${ADDRESS}`)).to.deep.equal({ chainId: 'eip155:1', address: ADDRESS });
    expect(parseCaip10(`${SOLANA}:${SOL_ADDRESS}`)).to.deep.equal({ chainId: SOLANA, address: SOL_ADDRESS });
    for (const bad of ['eip155:1', `eip155:1:${ADDRESS}:extra`, `eip155::${ADDRESS}`, 'eip155:1:', `:1:${ADDRESS}`, ADDRESS]) {
      expect(parseCaip10(bad), bad).to.equal(undefined);
    }
    expect(caip10('eip155:1', ADDRESS)).to.equal(`eip155:1:${ADDRESS}`);
  });

  it('checks EVM addresses', () => {
    expect(isEvmAddress(ADDRESS)).to.equal(true);
    expect(isEvmAddress(ADDRESS.toLowerCase())).to.equal(true);
    expect(isEvmAddress(ADDRESS.slice(0, -1))).to.equal(false);
    expect(isEvmAddress(`${ADDRESS}0`)).to.equal(false);
    expect(isEvmAddress(ADDRESS.slice(2))).to.equal(false);
    expect(isEvmAddress('0xZZCdEf0123456789aBcDeF0123456789AbCdEf01')).to.equal(false);
  });

  it('truncates addresses for display as 0x1234…abcd', () => {
    expect(truncateAddress(ADDRESS)).to.equal('0xAbCd…Ef01');
    expect(truncateAddress('0x123456789')).to.equal('0x123456789');
    expect(truncateAddress('0x123456789012')).to.equal('0x1234…9012');
    expect(truncateAddress(SOL_ADDRESS, 4, 4)).to.equal('So11…1112');
  });
});
