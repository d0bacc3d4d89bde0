// The stack with `smartAccounts` (as `npm start` runs it): each local chain has the EntryPoint v0.7 and the
// SimpleAccountFactory, and its own alto bundler for that chain; stop() ends the bundlers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { entryPoint07Address } from 'viem/account-abstraction';
import { startStack, type Stack } from '../../devstack/stack.js';
import { accountAbstractionAddresses } from '../../server/aa/deploy.js';
import { localSmartAccountAddresses } from '../../server/aa/local-account.js';
import { rpcCall } from '../../server/json-rpc.js';

describe('startStack({ smartAccounts: true })', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ seed: false, smartAccounts: true });
  });
  after(async () => {
    await stack?.stop();
  });

  it('gives every chain a bundler of its own and the contracts at the same addresses', async () => {
    assert.deepEqual(
      stack.smartAccounts.map(({ chainId }) => chainId),
      stack.chains.map(({ chainId }) => chainId),
    );
    const { simpleAccountFactory } = accountAbstractionAddresses();
    const { factory: smartAccountFactory } = await localSmartAccountAddresses();
    const urls = new Set<string>();
    for (const chain of stack.smartAccounts) {
      urls.add(chain.bundlerUrl);
      assert.equal(chain.entryPoint, entryPoint07Address);
      assert.equal(chain.simpleAccountFactory, simpleAccountFactory);
      assert.equal(chain.smartAccountFactory, smartAccountFactory);
      assert.equal(await rpcCall<string>(chain.bundlerUrl, 'eth_chainId'), `0x${chain.chainId.toString(16)}`);
      assert.deepEqual(await rpcCall<string[]>(chain.bundlerUrl, 'eth_supportedEntryPoints'), [entryPoint07Address]);
      const rpcUrl = stack.chains.find(({ chainId }) => chainId === chain.chainId)?.rpcUrl as string;
      for (const address of [entryPoint07Address, simpleAccountFactory, smartAccountFactory]) {
        assert.notEqual(await rpcCall<string>(rpcUrl, 'eth_getCode', [address, 'latest']), '0x', `${address} on ${chain.chainId}`);
      }
    }
    assert.equal(urls.size, 2);
  });

  it('stop() ends the bundlers', async () => {
    const urls = stack.smartAccounts.map(({ bundlerUrl }) => bundlerUrl);
    await stack.stop();
    for (const url of urls) await assert.rejects(rpcCall(url, 'eth_chainId', [], 1000));
  });
});
