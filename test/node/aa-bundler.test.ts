// ERC-4337 on a local anvil: the EntryPoint v0.7 lands at its canonical address and the SimpleAccountFactory
// next to it (server/aa/deploy.ts), alto bundles (devstack/aa/bundler.ts), and a user operation from a
// counterfactual SimpleAccount deploys it and moves ETH, its receipt read through the bundler.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, defineChain, http, parseEther, type Address, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createBundlerClient, entryPoint07Address } from 'viem/account-abstraction';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { bundlerReadyTimeoutMs, startBundler, type Bundler } from '../../devstack/aa/bundler.js';
import { accountAbstractionAddresses, deployAccountAbstraction } from '../../server/aa/deploy.js';
import { simpleAccountAddress, toSimpleAccount } from '../../devstack/aa/simple-account.js';
import { rpcCall } from '../../server/json-rpc.js';
import { seedAccounts } from '../../server/chain/clients.js';

const CHAIN_ID = 31337;

describe('ERC-4337 on a local chain: EntryPoint v0.7, SimpleAccountFactory, alto', () => {
  let anvil: Anvil;
  let bundler: Bundler | undefined;
  let publicClient: PublicClient;

  before(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID });
    const chain = defineChain({ id: CHAIN_ID, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } });
    publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
  });
  after(async () => {
    await bundler?.stop();
    await anvil?.stop();
  });

  it('the readiness limit is configurable (BUNDLER_READY_TIMEOUT_S, 120 s by default) and a bundler not ready in time says how to allow more', async () => {
    assert.equal(bundlerReadyTimeoutMs({}), 120_000);
    assert.equal(bundlerReadyTimeoutMs({ BUNDLER_READY_TIMEOUT_S: '300' }), 300_000);
    assert.throws(() => bundlerReadyTimeoutMs({ BUNDLER_READY_TIMEOUT_S: 'soon' }), /^Error: BUNDLER_READY_TIMEOUT_S must be a number of seconds from 1 to 3600 \(got "soon"\)$/);
    // Far too short a limit for alto to start: it is stopped and the error names the setting.
    await assert.rejects(startBundler({ chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl, readyTimeoutMs: 1 }), /was not ready within 0\.001 s \(a loaded machine may need longer: set BUNDLER_READY_TIMEOUT_S, in seconds\)/);
  });

  it('deploys the EntryPoint at the canonical address and the factory at the address computed before', async () => {
    const expected = accountAbstractionAddresses();
    assert.equal(await publicClient.getCode({ address: entryPoint07Address }), undefined);
    const deployed = await deployAccountAbstraction(anvil.rpcUrl, seedAccounts().deployer.address);
    assert.deepEqual(deployed, expected);
    assert.equal(deployed.entryPoint, '0x0000000071727De22E5E9d8BAf0edAc6f37da032');
    assert.ok(((await publicClient.getCode({ address: entryPoint07Address })) ?? '0x').length > 2, 'EntryPoint code');
    assert.ok(((await publicClient.getCode({ address: deployed.simpleAccountFactory })) ?? '0x').length > 2, 'factory code');
    // Idempotent: a second call sends nothing.
    const nonce = await publicClient.getTransactionCount({ address: seedAccounts().deployer.address });
    await deployAccountAbstraction(anvil.rpcUrl, seedAccounts().deployer.address);
    assert.equal(await publicClient.getTransactionCount({ address: seedAccounts().deployer.address }), nonce);
  });

  it('alto answers on loopback with the EntryPoint v0.7 and the chain id', async () => {
    bundler = await startBundler({ chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl });
    assert.match(bundler.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(await rpcCall<string[]>(bundler.url, 'eth_supportedEntryPoints'), [entryPoint07Address]);
    assert.equal(await rpcCall<string>(bundler.url, 'eth_chainId'), `0x${CHAIN_ID.toString(16)}`);
    // Bound to 127.0.0.1 only: a wildcard (0.0.0.0) listener would also answer on 127.0.0.2.
    await assert.rejects(rpcCall(`http://127.0.0.2:${bundler.port}`, 'eth_chainId', [], 2000), (err: Error) => /fetch failed/.test(err.message) && /ECONNREFUSED/.test(String((err.cause as Error | undefined)?.message ?? err.cause)));
  });

  it('a user operation from a counterfactual SimpleAccount deploys it at the address known before and sends ETH', async () => {
    assert.ok(bundler, 'bundler started');
    const owner = privateKeyToAccount(generatePrivateKey());
    const { simpleAccountFactory } = accountAbstractionAddresses();
    const counterfactual = await simpleAccountAddress(publicClient, simpleAccountFactory, owner.address);
    assert.equal(await publicClient.getCode({ address: counterfactual }), undefined, 'not deployed yet');
    // The account pays its own gas: fund the counterfactual address (anvil lets us set a balance).
    await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [counterfactual, `0x${parseEther('1').toString(16)}`]);

    const account = await toSimpleAccount({ client: publicClient, owner, factory: simpleAccountFactory });
    assert.equal(await account.getAddress(), counterfactual);
    const bundlerClient = createBundlerClient({ account, client: publicClient, transport: http(bundler.url), pollingInterval: 50 });
    const recipient: Address = privateKeyToAccount(generatePrivateKey()).address;

    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: recipient, value: parseEther('0.01') }] });
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    assert.equal(receipt.success, true);
    assert.equal(receipt.sender.toLowerCase(), counterfactual.toLowerCase());
    assert.equal(receipt.userOpHash, hash);
    // Read through the bundler itself, by its ERC-4337 method.
    const raw = await rpcCall<{ receipt: { transactionHash: string }; sender: string } | null>(bundler.url, 'eth_getUserOperationReceipt', [hash]);
    assert.equal(raw?.receipt.transactionHash, receipt.receipt.transactionHash);
    assert.ok(((await publicClient.getCode({ address: counterfactual })) ?? '0x').length > 2, 'deployed by the first user operation');
    assert.equal(await publicClient.getBalance({ address: recipient }), parseEther('0.01'));

    // The second one runs on the deployed account (no factory call) and lands as well.
    const second = await bundlerClient.sendUserOperation({ calls: [{ to: recipient, value: parseEther('0.02') }] });
    const secondReceipt = await bundlerClient.waitForUserOperationReceipt({ hash: second, timeout: 30_000 });
    assert.equal(secondReceipt.success, true);
    assert.equal(await publicClient.getBalance({ address: recipient }), parseEther('0.03'));
  });
});
