import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuthTypes } from '@walletconnect/types';
import { proposeWithSignIn, signedMessage } from '../../src/connectors/walletconnect/authenticate.js';
import type { WalletConnectClient } from '../../src/connectors/walletconnect/client.js';
import { EVM_METHODS } from '../../src/connectors/walletconnect/session.js';
import { ProviderRpcError } from '../../src/core/provider-rpc-error.js';

// The module names the page it runs on (`location`): here a page at https://example.com.
(globalThis as { location?: unknown }).location ??= new URL('https://example.com/app');

/** The error `promise` rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const cacao = (chain: string, address = ADDRESS, signature = '0x01'): AuthTypes.Cacao => ({
  h: { t: 'caip122' },
  p: { iss: `did:pkh:${chain}:${address}`, domain: 'example.com', aud: 'https://example.com', version: '1', nonce: 'abcdefgh1234', iat: '2026-01-02T03:04:05.000Z' },
  s: { t: 'eip191', s: signature },
});

/** A sign client whose `engine.authenticate` records its request and answers with `response`. */
function fakeClient(response: () => Promise<unknown>) {
  const asked: unknown[] = [];
  const client = { engine: { authenticate: async (params: unknown) => (asked.push(params), { uri: 'wc:abc@2?methods=wc_sessionAuthenticate', response }) } };
  return { client: client as unknown as WalletConnectClient, asked };
}

describe('connectors/walletconnect one-click auth', () => {
  it("signedMessage: the EIP-4361 text of the CACAO for the connection's chain and address (any case), with its signature", () => {
    const auths = [cacao('eip155:137', ADDRESS, '0x02'), cacao('eip155:1', ADDRESS.toLowerCase(), '0x03')];
    assert.deepEqual(signedMessage(auths, 'eip155:1', ADDRESS), {
      message: [
        'example.com wants you to sign in with your Ethereum account:',
        ADDRESS.toLowerCase(),
        '',
        '',
        'URI: https://example.com',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: abcdefgh1234',
        'Issued At: 2026-01-02T03:04:05.000Z',
      ].join('\n'),
      signature: '0x03',
    });
    assert.equal(signedMessage(auths, 'eip155:137', ADDRESS)?.signature, '0x02');
    assert.equal(signedMessage(auths, 'eip155:10', ADDRESS), undefined);
    assert.equal(signedMessage(auths, 'eip155:1', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'), undefined);
  });

  it('asks to sign in for this page on the chains given, with the nonce and the EVM methods', async () => {
    const { client, asked } = fakeClient(() => new Promise(() => {}));
    const proposal = await proposeWithSignIn(client, ['eip155:1', 'eip155:137'], 'abcdefgh1234');
    assert.equal(proposal.uri, 'wc:abc@2?methods=wc_sessionAuthenticate');
    assert.deepEqual(asked, [{ chains: ['eip155:1', 'eip155:137'], domain: 'example.com', uri: 'https://example.com', nonce: 'abcdefgh1234', methods: EVM_METHODS }]);
  });

  it("the wallet's refusal (the SDK rejects with its bare message) is the visitor declining: code 4001", async () => {
    const { client } = fakeClient(() => Promise.reject('User rejected.'));
    const error = await rejection((await proposeWithSignIn(client, ['eip155:1'], 'abcdefgh1234')).approval());
    assert.ok(error instanceof ProviderRpcError);
    assert.deepEqual([error.code, error.message], [4001, 'User rejected.']);
  });

  it('other failures pass as they are; a sign-in without a session is a failure', async () => {
    const expired = new Error('Request expired');
    const { client } = fakeClient(() => Promise.reject(expired));
    assert.equal(await rejection((await proposeWithSignIn(client, ['eip155:1'], 'abcdefgh1234')).approval()), expired);
    const { client: noSession } = fakeClient(async () => ({ auths: [cacao('eip155:1')], session: undefined }));
    const error = await rejection((await proposeWithSignIn(noSession, ['eip155:1'], 'abcdefgh1234')).approval());
    assert.equal((error as Error).message, 'the wallet signed in but granted no session');
  });
});
