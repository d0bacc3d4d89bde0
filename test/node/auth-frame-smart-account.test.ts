// The secure service's smart accounts (server/auth-frame/smart-account.ts, user-operation.ts) on anvil with alto:
// the counterfactual address and the networks that have smart accounts; choosing the smart account where none is
// enabled is refused and changes nothing; with it chosen, a message is signed as the smart account (ERC-6492, then
// ERC-1271 once deployed) and eth_sendTransaction becomes a user operation whose bundle deploys the account and
// pays the receiver; the EOA still signs when a request names it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, formatEther, getAddress, http, parseEther, recoverMessageAddress, toEventSelector, toHex, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { startBundler, type Bundler } from '../../devstack/aa/bundler.js';
import { deployAccountAbstraction } from '../../server/aa/deploy.js';
import { deployLocalSmartAccount } from '../../server/aa/local-account.js';
import { SESSIONS_ABI, toSessionAccount } from '../../server/aa/sessions.js';
import { createBundlerClient } from 'viem/account-abstraction';
import { compileContracts } from '../../server/chain/compile.js';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { seedAccounts } from '../../server/chain/clients.js';
import { rpcCall } from '../../server/json-rpc.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { actAsFrame } from './frame-proof.js';
import { wordsText } from '../../server/auth-frame/frame-messages.js';

before(() => actAsFrame());

const USER_OPERATION_EVENT = toEventSelector('UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)');
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
let mail: MailCapture;
let anvil: Anvil;
let bundler: Bundler;
let frame: AuthFrameServer;
let origin: string;
let cookie: string;
let eoa: Address;
let factory: Address;

const post = (path: string, body: unknown) =>
  fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
const get = async (path: string) => (await fetch(new URL(path, frame.url), { headers: { cookie } })).json() as Promise<Record<string, unknown>>;
async function signed<T>(method: string, params: unknown, chainId?: string, site?: string): Promise<{ display: Record<string, unknown>; result: T }> {
  const filed = await post('/api/sign-requests', { method, params, ...(chainId ? { chainId } : {}), ...(site ? { site } : {}) });
  const { id, display } = (await filed.json()) as { id: string; display: Record<string, unknown> };
  assert.equal(filed.status, 200, JSON.stringify(display));
  const approved = await post(`/api/sign-requests/${id}/approve`, {});
  const body = (await approved.json()) as { result: T };
  assert.equal(approved.status, 200, JSON.stringify(body));
  return { display, result: body.result };
}

describe('the secure service: smart accounts (ERC-4337) of the embedded wallet', () => {
  const client = () => createPublicClient({ chain: { ...foundry, id: 31337 }, transport: http(anvil.rpcUrl) });

  before(async () => {
    [mail, anvil] = await Promise.all([startMailCapture(), startAnvil({ chainId: 31337 })]);
    const deployer = seedAccounts().deployer.address;
    await deployAccountAbstraction(anvil.rpcUrl, deployer);
    ({ factory } = await deployLocalSmartAccount(anvil.rpcUrl, deployer));
    bundler = await startBundler({ chainId: 31337, rpcUrl: anvil.rpcUrl });
    frame = await startAuthFrame({
      allowedOrigins: ['http://127.0.0.1:5999'],
      smtpUrl: mail.smtpUrl,
      masterKey: randomBytes(32).toString('hex'),
      networks: {
        evm: [
          { chainId: 31337, name: 'Local Chain A', rpcUrl: anvil.rpcUrl, smartAccount: { bundlerUrl: bundler.url, factory, sessionFeeBudget: parseEther('0.02') } },
          { chainId: 31338, name: 'Local Chain B', rpcUrl: anvil.rpcUrl },
        ],
        solana: [],
      },
    });
    origin = new URL(frame.url).origin;
    cookie = '';
    const email = 'smart@example.test';
    const since = Date.now();
    const start = await post('/api/email/start', { email });
    assert.equal(start.status, 200);
    cookie = (start.headers.get('set-cookie') ?? '').split(';')[0]!; // the code's attempt
    const verify = await post('/api/email/verify', { email, code: codeIn(await mail.waitFor(email, { since })) });
    cookie = (verify.headers.get('set-cookie') ?? '').split(';')[0]!;
    eoa = ((await verify.json()) as { address: Address }).address;
  });
  after(async () => {
    await frame?.stop();
    await bundler?.stop();
    await Promise.all([mail?.stop(), anvil?.stop()]);
  });

  it('reports the networks with smart accounts, the counterfactual address, and refuses the smart account elsewhere', async () => {
    const status = await get('/api/smart-account?chainId=eip155:31337');
    assert.deepEqual(status.networks, ['eip155:31337']);
    assert.equal(status.preferredAccountType, 'eoa');
    const smart = status.smartAccount as { chainId: string; address: Address; deployed: boolean };
    assert.equal(smart.chainId, 'eip155:31337');
    assert.equal(smart.deployed, false);
    assert.notEqual(smart.address.toLowerCase(), eoa.toLowerCase());
    assert.equal((await get('/api/smart-account?chainId=eip155:31338')).smartAccount, undefined);

    const refused = await post('/api/smart-account/preferred', { type: 'smartAccount', chainId: 'eip155:31338' });
    assert.equal(refused.status, 400);
    assert.deepEqual(await refused.json(), { error: 'smart_account_not_enabled' });
    assert.equal((await get('/api/smart-account')).preferredAccountType, 'eoa', 'nothing changed');
  });

  it('with the smart account chosen: messages signed as the smart account, a transaction as a user operation that deploys it', async () => {
    const chosen = await post('/api/smart-account/preferred', { type: 'smartAccount', chainId: 'eip155:31337' });
    assert.equal(chosen.status, 200);
    const smart = ((await chosen.json()) as { preferredAccountType: string; smartAccount: { address: Address } });
    assert.equal(smart.preferredAccountType, 'smartAccount');
    const address = smart.smartAccount.address;

    const before = await signed<Hex>('personal_sign', [toHex('hello'), address]);
    assert.equal(before.display.address, address);
    assert.equal(await client().verifyMessage({ address, message: 'hello', signature: before.result }), true, 'ERC-6492 before deployment');

    await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [address, toHex(parseEther('1'))]);
    const paid = await client().getBalance({ address: BOB });
    const sent = await signed<{ transactionHash: Hex; userOpHash: Hex }>('eth_sendTransaction', [{ to: BOB, value: toHex(parseEther('0.01')) }], 'eip155:31337');
    assert.equal(sent.display.address, address);
    assert.equal(sent.display.action, 'send');
    assert.match(String(sent.display.fee), /^0\.\d+ ETH$/);
    const receipt = await client().getTransactionReceipt({ hash: sent.result.transactionHash });
    assert.equal(receipt.status, 'success');
    // The operation's own hash names the operation the bundle included (the EntryPoint's UserOperationEvent).
    const included = receipt.logs.filter((log) => log.topics[0] === USER_OPERATION_EVENT).map((log) => log.topics[1]);
    assert.deepEqual(included, [sent.result.userOpHash]);
    assert.equal((await client().getBalance({ address: BOB })) - paid, parseEther('0.01'));
    assert.equal(((await get('/api/smart-account?chainId=eip155:31337')).smartAccount as { deployed: boolean }).deployed, true);

    const after = await signed<Hex>('personal_sign', [toHex('hello again'), address]);
    assert.equal(await client().verifyMessage({ address, message: 'hello again', signature: after.result }), true, 'ERC-1271 once deployed');

    // A request naming the EOA is still the EOA's; another address is refused.
    const own = await signed<Hex>('personal_sign', [toHex('as the key'), eoa]);
    assert.equal(await recoverMessageAddress({ message: 'as the key', signature: own.result }), eoa);
    const other = await post('/api/sign-requests', { method: 'personal_sign', params: [toHex('x'), BOB] });
    assert.deepEqual(((await other.json()) as { error: unknown }).error, { code: 4100, message: 'The requested account is not the embedded wallet' });
  });

  it('wallet_grantPermissions: the frame shows the site, amount, key and expiry; Approve grants the session on chain', async () => {
    const SITE = 'http://127.0.0.1:5999';
    const address = ((await get('/api/smart-account?chainId=eip155:31337')).smartAccount as { address: Address }).address;
    const { contracts } = await compileContracts({ log: () => {} });
    const deployer = createWalletClient({ account: seedAccounts().deployer, chain: { ...foundry, id: 31337 }, transport: http(anvil.rpcUrl) });
    const deployed = await deployer.deployContract({ abi: [{ type: 'constructor', inputs: [{ type: 'string' }, { type: 'string' }, { type: 'uint8' }, { type: 'address[]' }, { type: 'uint256[]' }], stateMutability: 'nonpayable' }], bytecode: contracts.LocalToken.bytecode, args: ['Permit Token', 'PMT', 2, [address], [100_000n]] });
    const token = getAddress((await client().waitForTransactionReceipt({ hash: deployed })).contractAddress!);
    const key = privateKeyToAccount(generatePrivateKey());
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    const request = { chainId: '0x7a69', expiry, signer: { type: 'account', data: { address: key.address } }, permissions: [{ type: 'erc20-token-transfer', data: { address: token, allowance: toHex(1050n) }, policies: [] }] };
    const refusal = async (params: unknown, site: string | null = SITE) => ((await (await post('/api/sign-requests', { method: 'wallet_grantPermissions', params, ...(site ? { site } : {}) })).json()) as { error?: { message: string } }).error?.message;
    assert.equal(await refusal([request], null), 'A permission needs the site it is for, and the frame did not name one');
    assert.equal(await refusal([request], 'https://not-allowed.example'), 'A permission needs the site it is for, and the frame did not name one');
    assert.equal(await refusal([{ ...request, chainId: '0x7a6a' }]), 'Permissions are granted by a smart account, and Local Chain B has none');
    assert.equal(await refusal([{ ...request, permissions: [...request.permissions, ...request.permissions] }]), 'wallet_grantPermissions: permissions exactly one permission per request');
    assert.equal(await refusal([{ ...request, permissions: [{ type: 'native-token-transfer', data: { allowance: '0x1' } }] }]), "wallet_grantPermissions: permissions.0.type only 'erc20-token-transfer' permissions are granted");
    assert.equal(await refusal([{ ...request, expiry: 1000 }]), 'wallet_grantPermissions: expiry is in the past');
    assert.equal(await refusal([{ ...request, address: BOB }]), 'The requested account is not the embedded wallet');

    const granted = await signed<{ context: Hex; address: Address; expiry: number; feeBudget: Hex; transactionHash: Hex }>('wallet_grantPermissions', [request], undefined, SITE);
    assert.deepEqual({ ...(granted.display.permission as object), allows: wordsText((granted.display.permission as { allows: Parameters<typeof wordsText>[0] }).allows) }, { site: SITE, allows: 'Transfer up to 10.5 PMT', signer: key.address, expires: new Date(expiry * 1000).toISOString().replace('.000Z', 'Z'), feeBudget: '0.02 ETH' });
    assert.equal(granted.display.address, address);
    assert.equal(granted.result.address, address);
    assert.equal(granted.result.expiry, expiry);
    assert.match(granted.result.context, /^0x[0-9a-f]{64}$/);
    const stored = await client().readContract({ address, abi: SESSIONS_ABI, functionName: 'getSession', args: [granted.result.context] });
    assert.deepEqual([stored.signer, stored.token, stored.limit, stored.validUntil, stored.revoked, stored.feeBudget], [key.address, token, 1050n, expiry, false, parseEther('0.02')]);
    assert.equal(granted.result.feeBudget, toHex(parseEther('0.02')), 'the site learns the budget it got (the network configuration\'s)');

    // The site's key now moves tokens within the allowance, by itself.
    const session = await toSessionAccount({ client: client(), key, factory, account: address, id: granted.result.context });
    const bundled = createBundlerClient({ account: session, client: client(), transport: http(bundler.url), pollingInterval: 50 });
    const hash = await bundled.sendUserOperation({ calls: [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1000n] }) }] });
    assert.equal((await bundled.waitForUserOperationReceipt({ hash, timeout: 30_000 })).success, true);
    assert.equal(await client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [BOB] }), 1000n);
  });

  it('the user operation Approve sends is the one whose fee was shown: a price rise in between is not paid silently', async () => {
    const address = ((await get('/api/smart-account?chainId=eip155:31337')).smartAccount as { address: Address }).address;
    await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [address, toHex(parseEther('1'))]);
    const filed = await post('/api/sign-requests', { method: 'eth_sendTransaction', params: [{ to: BOB, value: '0x2' }], chainId: 'eip155:31337' });
    const { id, display } = (await filed.json()) as { id: string; display: { fee: string } };
    // The chain's base fee goes up tenfold while the visitor reads the fee.
    const base = (await client().getBlock()).baseFeePerGas!;
    await rpcCall(anvil.rpcUrl, 'anvil_setNextBlockBaseFeePerGas', [toHex(base * 10n)]);
    await rpcCall(anvil.rpcUrl, 'evm_mine', []);
    const approved = await post(`/api/sign-requests/${id}/approve`, {});
    const body = (await approved.json()) as { result: { userOpHash: Hex; transactionHash: Hex } };
    assert.equal(approved.status, 200, JSON.stringify(body));
    // The operation the bundle included is the one priced when filed: its most is the fee shown, to the wei.
    const { userOperation: op } = (await rpcCall(bundler.url, 'eth_getUserOperationByHash', [body.result.userOpHash])) as { userOperation: Record<'callGasLimit' | 'verificationGasLimit' | 'preVerificationGas' | 'maxFeePerGas', Hex> };
    const most = (BigInt(op.callGasLimit) + BigInt(op.verificationGasLimit) + BigInt(op.preVerificationGas)) * BigInt(op.maxFeePerGas);
    assert.equal(`${formatEther(most)} ETH`, display.fee, 'the fee signed is the fee shown');
    const receipt = await client().getTransactionReceipt({ hash: body.result.transactionHash });
    const charged = receipt.logs.filter((log) => log.topics[0] === USER_OPERATION_EVENT).map((log) => BigInt(`0x${log.data.slice(2 + 64 * 2, 2 + 64 * 3)}`));
    assert.equal(charged.length, 1);
    assert.ok(charged[0]! <= most, `charged ${charged[0]} wei, more than the ${most} shown`);

    // When the operation shown can no longer be sent (here the account can no longer pay for it), Approve says so
    // and sends nothing else in its place.
    const second = await post('/api/sign-requests', { method: 'eth_sendTransaction', params: [{ to: BOB, value: '0x3' }], chainId: 'eip155:31337' });
    const shown = (await second.json()) as { id: string; display: { fee: string } };
    await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [address, '0x1']);
    const refused = await post(`/api/sign-requests/${shown.id}/approve`, {});
    const error = ((await refused.json()) as { error: { code: number; message: string } }).error;
    assert.equal(error.code, -32603);
    assert.ok(error.message.startsWith(`The user operation can no longer be sent for the fee shown (${shown.display.fee}), and nothing was paid: `), error.message);
    assert.match(error.message, /AA21/);
    assert.equal(await client().getBalance({ address }), 1n, 'nothing was paid');
  });

  // On a chain whose only traffic is our own bundles (the local stack), operations priced at twice the chain's
  // suggested fee (viem's default) fed on themselves: the bundle passes its operation's price on as its tip, the
  // chain suggests that tip back, and the next operation pays twice as much again, until an account cannot pay for
  // a transfer (the 8th login of the demo). Operations are priced with the bundler's own gas price instead.
  it('successive user operations keep their price: no fee spiral from the bundles themselves', async () => {
    const address = ((await get('/api/smart-account?chainId=eip155:31337')).smartAccount as { address: Address }).address;
    await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [address, toHex(parseEther('1'))]);
    const prices: bigint[] = [];
    for (let i = 0; i < 6; i++) {
      const sent = await signed<{ transactionHash: Hex; userOpHash: Hex }>('eth_sendTransaction', [{ to: BOB, value: '0x1' }], 'eip155:31337');
      const receipt = await client().getTransactionReceipt({ hash: sent.result.transactionHash });
      prices.push(receipt.effectiveGasPrice);
    }
    assert.ok(prices.at(-1)! <= (prices[0]! * 3n) / 2n, `bundle gas prices climbed: ${prices.join(', ')} wei`);
  });
});
