import { expect } from '@esm-bundle/chai';
import { base58Decode } from '../../../src/core/base58.js';
import { addressKey, isAddress, isSolanaAddress, sameAddress, sameHash } from '../../../src/core/address.js';
import {
  caip10, evmCaip2, evmChainId, isCaip2, isEvmAddress, namespaceOf, parseCaip10, parseCaip2, toHexChainId, truncateAddress,
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

  it('decodes base58 (Bitcoin alphabet), leading "1"s as zero bytes', () => {
    expect([...base58Decode('')!]).to.deep.equal([]);
    expect([...base58Decode('1')!]).to.deep.equal([0]);
    expect([...base58Decode('2')!]).to.deep.equal([1]);
    expect([...base58Decode('z')!]).to.deep.equal([57]);
    expect([...base58Decode('21')!]).to.deep.equal([58]);
    expect([...base58Decode('5Q')!]).to.deep.equal([255]);
    expect([...base58Decode('11LUw')!]).to.deep.equal([0, 0, 1, 0, 0]);
    // "Hello World!" (the draft IETF base58 test vector).
    expect(new TextDecoder().decode(base58Decode('2NEpo7TZRRrLZSi2U'))).to.equal('Hello World!');
    for (const bad of ['0', 'O', 'I', 'l', 'abc+', ' 2']) expect(base58Decode(bad), bad).to.equal(undefined);
  });

  it('checks Solana addresses: 32 bytes in base58 (docs/specification.md#validation)', () => {
    for (const good of [SOL_ADDRESS, '11111111111111111111111111111111', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV']) {
      expect(isSolanaAddress(good), good).to.equal(true);
      expect(isAddress('solana', good), good).to.equal(true);
      expect(isAddress('eip155', good), good).to.equal(false);
    }
    for (const bad of [
      '', ADDRESS, '1111111111111111111111111111111', // 31 bytes
      '111111111111111111111111111111111', // 33 bytes
      'So11111111111111111111111111111111111111O12', // "O" is not base58
      'So111111111111111111111111111111111111111120', // 45 characters
      'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', // 44 characters, but 33 bytes
    ]) {
      expect(isSolanaAddress(bad), bad).to.equal(false);
    }
    expect(isAddress('eip155', ADDRESS)).to.equal(true);
    expect(isAddress('cosmos', SOL_ADDRESS)).to.equal(false);
    expect(isAddress(undefined, ADDRESS)).to.equal(false);
  });

  it('parses Solana CAIP-10 ids (three parts) and reads the namespace of a CAIP-2 id', () => {
    const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VoAgqkn';
    expect(parseCaip10(`${devnet}:${SOL_ADDRESS}`)).to.deep.equal({ chainId: devnet, address: SOL_ADDRESS });
    expect(parseCaip10(`solana:${SOL_ADDRESS}`)).to.equal(undefined);
    expect(namespaceOf(devnet)).to.equal('solana');
    expect(namespaceOf('eip155:1')).to.equal('eip155');
    expect(namespaceOf('nonsense')).to.equal(undefined);
  });

  it('compares EVM addresses without case, Solana (base58) addresses exactly', () => {
    expect(sameAddress(ADDRESS, ADDRESS.toLowerCase())).to.equal(true);
    expect(addressKey(ADDRESS)).to.equal(ADDRESS.toLowerCase());
    const upper = 'So11111111111111111111111111111111111111112';
    const lower = 'so11111111111111111111111111111111111111112';
    expect(sameAddress(upper, lower)).to.equal(false);
    expect(addressKey(upper)).to.equal(upper);
    expect(sameAddress(upper, upper)).to.equal(true);
    const hash = `0x${'Ab'.repeat(32)}`;
    expect(sameHash(hash, hash.toLowerCase())).to.equal(true);
    const signature = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect(sameHash(signature, signature.toLowerCase())).to.equal(false);
  });

  it('truncates a base58 address on screen like an EVM one (6 and 4 characters)', () => {
    expect(truncateAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).to.equal('7EcDhS…FLtV');
  });
});
