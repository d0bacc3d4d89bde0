// Sign-in message layouts (src/core/siwx-message.ts): EIP-4361 checked byte for byte against viem/siwe, the
// CAIP-122 "Sign in with Solana" layout against the text of docs/wire-formats.md#sign-in, strict parsing, round trips.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { createSiwxMessage, parseSiwxMessage, SiwxMessageError, type SiwxMessageData } from '../../src/core/siwx-message.js';

const EVM_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SOL_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';

const full: SiwxMessageData = {
  domain: 'example.com:8443',
  accountAddress: EVM_ADDRESS,
  chainId: 'eip155:31337',
  uri: 'https://example.com:8443/login',
  version: '1',
  nonce: 'a1b2c3d4e5f6a7b8',
  statement: 'Sign in to Example.',
  issuedAt: '2026-11-23T16:00:00.000Z',
  expirationTime: '2026-11-23T16:10:00.000Z',
  notBefore: '2026-11-23T16:00:00.000Z',
  requestId: 'req-1',
  resources: ['https://example.com/terms', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq'],
  scheme: 'https',
};

describe('EIP-4361 layout (eip155 chains)', () => {
  it('builds exactly the text viem/siwe builds, with every field', () => {
    const expected = createSiweMessage({
      address: EVM_ADDRESS,
      chainId: 31337,
      domain: 'example.com:8443',
      nonce: 'a1b2c3d4e5f6a7b8',
      uri: 'https://example.com:8443/login',
      version: '1',
      statement: 'Sign in to Example.',
      issuedAt: new Date('2026-11-23T16:00:00.000Z'),
      expirationTime: new Date('2026-11-23T16:10:00.000Z'),
      notBefore: new Date('2026-11-23T16:00:00.000Z'),
      requestId: 'req-1',
      resources: full.resources!,
      scheme: 'https',
    });
    assert.equal(createSiwxMessage(full), expected);
    assert.equal(
      expected,
      [
        'https://example.com:8443 wants you to sign in with your Ethereum account:',
        EVM_ADDRESS,
        '',
        'Sign in to Example.',
        '',
        'URI: https://example.com:8443/login',
        'Version: 1',
        'Chain ID: 31337',
        'Nonce: a1b2c3d4e5f6a7b8',
        'Issued At: 2026-11-23T16:00:00.000Z',
        'Expiration Time: 2026-11-23T16:10:00.000Z',
        'Not Before: 2026-11-23T16:00:00.000Z',
        'Request ID: req-1',
        'Resources:',
        '- https://example.com/terms',
        '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq',
      ].join('\n'),
    );
  });

  it('builds the minimal message as viem does (two blank lines when there is no statement)', () => {
    const data: SiwxMessageData = { domain: '127.0.0.1:5173', accountAddress: EVM_ADDRESS, chainId: 'eip155:1', uri: 'http://127.0.0.1:5173/', version: '1', nonce: '12345678', issuedAt: '2026-11-23T16:00:00.000Z' };
    const text = createSiwxMessage(data);
    assert.equal(text, createSiweMessage({ address: EVM_ADDRESS, chainId: 1, domain: '127.0.0.1:5173', nonce: '12345678', uri: 'http://127.0.0.1:5173/', version: '1', issuedAt: new Date(data.issuedAt!) }));
    assert.equal(text, `127.0.0.1:5173 wants you to sign in with your Ethereum account:\n${EVM_ADDRESS}\n\n\nURI: http://127.0.0.1:5173/\nVersion: 1\nChain ID: 1\nNonce: 12345678\nIssued At: 2026-11-23T16:00:00.000Z`);
    assert.deepEqual(parseSiwxMessage(text), data);
  });

  it('round-trips every field, and reads what viem reads', () => {
    const text = createSiwxMessage(full);
    assert.deepEqual(parseSiwxMessage(text), full);
    const viem = parseSiweMessage(text);
    assert.equal(viem.address, EVM_ADDRESS);
    assert.equal(viem.chainId, 31337);
    assert.equal(viem.statement, full.statement);
    assert.deepEqual(viem.resources, full.resources);
  });

  it('needs Issued At (EIP-4361 requires it)', () => {
    const { issuedAt: _drop, ...rest } = full;
    assert.throws(() => createSiwxMessage(rest), (err: unknown) => err instanceof SiwxMessageError && err.field === 'issuedAt');
  });
});

describe('CAIP-122 "Sign in with Solana" layout', () => {
  const sol: SiwxMessageData = {
    domain: 'example.com',
    accountAddress: SOL_ADDRESS,
    chainId: SOLANA_MAINNET,
    uri: 'https://example.com/',
    version: '1',
    nonce: '00012345',
    statement: 'Sign in to Example.',
    issuedAt: '2026-11-23T16:00:00.000Z',
    expirationTime: '2026-11-23T17:00:00.000Z',
  };

  it('builds the hosted layout: no scheme, "Solana account", full CAIP-2 Chain ID', () => {
    assert.equal(
      createSiwxMessage(sol),
      [
        'example.com wants you to sign in with your Solana account:',
        SOL_ADDRESS,
        '',
        'Sign in to Example.',
        '',
        'URI: https://example.com/',
        'Version: 1',
        `Chain ID: ${SOLANA_MAINNET}`,
        'Nonce: 00012345',
        'Issued At: 2026-11-23T16:00:00.000Z',
        'Expiration Time: 2026-11-23T17:00:00.000Z',
      ].join('\n'),
    );
    assert.deepEqual(parseSiwxMessage(createSiwxMessage(sol)), sol);
  });

  it('round-trips without a statement and without times (both optional in this layout)', () => {
    const bare: SiwxMessageData = { domain: 'example.com', accountAddress: SOL_ADDRESS, chainId: SOLANA_MAINNET, uri: 'https://example.com/', version: '1', nonce: 'abcdefgh' };
    const text = createSiwxMessage(bare);
    assert.equal(text, `example.com wants you to sign in with your Solana account:\n${SOL_ADDRESS}\n\nURI: https://example.com/\nVersion: 1\nChain ID: ${SOLANA_MAINNET}\nNonce: abcdefgh`);
    assert.deepEqual(parseSiwxMessage(text), bare);
  });

  it('refuses an EVM address, a scheme, or an eip155 chain in the Solana layout', () => {
    assert.throws(() => createSiwxMessage({ ...sol, accountAddress: EVM_ADDRESS }), /not a Solana address/);
    assert.throws(() => createSiwxMessage({ ...sol, scheme: 'https' }), /only EIP-4361 messages carry a scheme/);
    const text = createSiwxMessage(sol).replace(`Chain ID: ${SOLANA_MAINNET}`, 'Chain ID: eip155:1');
    assert.throws(() => parseSiwxMessage(text), /not a solana CAIP-2 id/);
  });
});

describe('refusals', () => {
  it('refuses statements with a line break, in both layouts', () => {
    for (const statement of ['line one\nline two', 'carriage\rreturn']) {
      assert.throws(() => createSiwxMessage({ ...full, statement }), (err: unknown) => err instanceof SiwxMessageError && err.field === 'statement' && err.message === 'Invalid sign-in message: the statement must not contain a line break');
      assert.throws(() => createSiwxMessage({ ...full, chainId: SOLANA_MAINNET, accountAddress: SOL_ADDRESS, scheme: undefined, statement }), /the statement must not contain a line break/);
    }
  });

  it('refuses a multi-line statement when parsing', () => {
    const text = createSiwxMessage(full).replace('Sign in to Example.', 'Sign in to Example.\nSecond line');
    assert.throws(() => parseSiwxMessage(text), /the statement must be one line followed by a blank line/);
  });

  it('refuses short or non-alphanumeric nonces, bad dates, other chains', () => {
    assert.throws(() => createSiwxMessage({ ...full, nonce: '1234567' }), /at least 8 letters or digits/);
    assert.throws(() => createSiwxMessage({ ...full, nonce: 'abcd-efgh' }), /at least 8 letters or digits/);
    assert.throws(() => createSiwxMessage({ ...full, expirationTime: 'tomorrow' }), /expirationTime "tomorrow" is not an RFC 3339 date-time/);
    assert.throws(() => createSiwxMessage({ ...full, chainId: 'bip122:000000000019d6689c085ae165831e93' }), /neither eip155 nor solana/);
  });

  it('refuses trailing lines, reordered lines and a missing nonce', () => {
    const text = createSiwxMessage(full);
    assert.throws(() => parseSiwxMessage(`${text}\nExtra: 1`), /unexpected line "Extra: 1"/);
    assert.throws(() => parseSiwxMessage(text.replace('Version: 1\nChain ID: 31337', 'Chain ID: 31337\nVersion: 1')), /"Version:" is missing or out of place/);
    assert.throws(() => parseSiwxMessage(text.replace('Nonce: a1b2c3d4e5f6a7b8\n', '')), /"Nonce:" is missing or out of place/);
    assert.throws(() => parseSiwxMessage(text.replace('wants you', 'asks you')), /the first line must be/);
  });
});
