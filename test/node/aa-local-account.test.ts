// The stack's smart account (server/aa/local-account.ts): Solady's ERC-4337 account behind its factory, placed with
// CREATE2 on anvil. A counterfactual account signs in to the sign-in backend (ERC-6492: the signature carries the
// factory call); a user operation through alto deploys it at the address known before and moves ETH; the deployed
// account then signs in again (ERC-1271 with ERC-7739), and a signature by another key is refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, defineChain, http, parseEther, type Address, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createBundlerClient } from 'viem/account-abstraction';
import { startBundler, type Bundler } from '../../devstack/aa/bundler.js';
import { deployAccountAbstraction } from '../../server/aa/deploy.js';
import { deployLocalSmartAccount, localSmartAccountAddresses, toLocalSmartAccount } from '../../server/aa/local-account.js';
import { seedAccounts } from '../../server/chain/clients.js';
import { rpcCall } from '../../server/json-rpc.js';
import { Browser, evmMessage, startSite, type Site } from './auth-helpers.js';

describe('the stack smart account: Solady ERC-4337, signatures before and after deployment, a user operation', () => {
  let site: Site;
  let bundler: Bundler;
  let client: PublicClient;
  let factory: Address;

  before(async () => {
    site = await startSite();
    const chain = defineChain({ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [site.anvil.rpcUrl] } } });
    client = createPublicClient({ chain, transport: http(site.anvil.rpcUrl), pollingInterval: 50 });
    const deployer = seedAccounts().deployer.address;
    await deployAccountAbstraction(site.anvil.rpcUrl, deployer);
    ({ factory } = await deployLocalSmartAccount(site.anvil.rpcUrl, deployer));
    bundler = await startBundler({ chainId: 31337, rpcUrl: site.anvil.rpcUrl });
  });
  after(async () => {
    await bundler?.stop();
    await site?.stop();
  });

  /** Signs a sign-in message for `address` with `sign` in a fresh browser; the backend's verdict. */
  async function signInAs(address: Address, sign: (message: string) => Promise<string>): Promise<{ error: unknown; code?: unknown }> {
    const browser = new Browser(site);
    const nonce = await browser.csrf();
    const message = evmMessage(site, nonce, { accountAddress: address });
    const result = (await browser.signIn(message, await sign(message), nonce)) as { error: unknown; code?: unknown };
    if (result.error === null) assert.equal(((await browser.session()) as { address: string }).address, address);
    return result;
  }

  it('is placed at the addresses computed before, idempotently', async () => {
    assert.deepEqual(await deployLocalSmartAccount(site.anvil.rpcUrl, seedAccounts().deployer.address), await localSmartAccountAddresses());
    assert.ok(((await client.getCode({ address: factory })) ?? '0x').length > 2);
  });

  it('signs in counterfactually (ERC-6492), is deployed by its first user operation at that address, then signs in as a contract (ERC-1271)', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toLocalSmartAccount({ client, owner, factory });
    const address = await account.getAddress();
    assert.equal(await client.getCode({ address }), undefined, 'not deployed yet');

    assert.equal((await signInAs(address, (message) => account.signMessage({ message }))).error, null, 'ERC-6492 sign-in');
    assert.equal(await client.getCode({ address }), undefined, 'verified by simulation, still not deployed');

    await rpcCall(site.anvil.rpcUrl, 'anvil_setBalance', [address, `0x${parseEther('1').toString(16)}`]);
    const bundlerClient = createBundlerClient({ account, client, transport: http(bundler.url), pollingInterval: 50 });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: recipient, value: parseEther('0.01') }] });
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    assert.equal(receipt.success, true);
    assert.equal(receipt.sender.toLowerCase(), address.toLowerCase());
    assert.ok(((await client.getCode({ address })) ?? '0x').length > 2, 'deployed by the first user operation');
    assert.equal(await client.getBalance({ address: recipient }), parseEther('0.01'));

    assert.equal((await signInAs(address, (message) => account.signMessage({ message }))).error, null, 'ERC-1271 sign-in');
    const stranger = await toLocalSmartAccount({ client, owner: privateKeyToAccount(generatePrivateKey()), factory, address });
    assert.equal((await signInAs(address, (message) => stranger.signMessage({ message }))).code, 'invalid_signature');
  });
});
