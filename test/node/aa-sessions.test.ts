// Session keys of the stack's smart account (server/aa/sessions.ts, LocalSmartAccount.sol) on anvil with alto: the
// owner grants a key up to 100 of a token for an hour; the key's user operations move tokens within that, and the
// account refuses on chain anything over the limit, anything but a transfer of that token, an expired session, and
// every use after the owner's signed revocation (relayed by somebody else).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, erc20Abi, formatEther, getAddress, http, keccak256, parseAbi, parseEther, toHex, type Address, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { createBundlerClient, entryPoint07Abi, entryPoint07Address, toPackedUserOperation, type SmartAccount } from 'viem/account-abstraction';
import { startBundler, type Bundler } from '../../devstack/aa/bundler.js';
import { deployAccountAbstraction } from '../../server/aa/deploy.js';
import { deployLocalSmartAccount, toLocalSmartAccount } from '../../server/aa/local-account.js';
import { grantSessionCall, revokeTypedData, revokeWithSignatureData, SESSIONS_ABI, toSessionAccount } from '../../server/aa/sessions.js';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { createWalletApi, type WalletApi } from '../../server/api/app.js';
import { ANVIL_MNEMONIC, seedAccounts } from '../../server/chain/clients.js';
import { compileContracts } from '../../server/chain/compile.js';
import { rpcCall } from '../../server/json-rpc.js';

const chain = (rpcUrl: string) => defineChain({ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });

describe('smart sessions: session keys of the stack smart account, enforced on chain', () => {
  let anvil: Anvil;
  let bundler: Bundler;
  let client: PublicClient;
  let factory: Address;
  let token: Address;
  let account: SmartAccount;
  let address: Address;
  let api: WalletApi | undefined;
  const owner = privateKeyToAccount(generatePrivateKey());
  const key = privateKeyToAccount(generatePrivateKey());
  const receiver = privateKeyToAccount(generatePrivateKey()).address;
  /** The key holder's own EOA, acting as a bundler. */
  const bundlerKey = privateKeyToAccount(generatePrivateKey());
  const bundlerFor = (as: SmartAccount) => createBundlerClient({ account: as, client, transport: http(bundler.url), pollingInterval: 50 });
  const send = async (as: SmartAccount, calls: { to: Address; value?: bigint; data?: Hex }[]) => {
    const bundled = bundlerFor(as);
    const hash = await bundled.sendUserOperation({ calls });
    return bundled.waitForUserOperationReceipt({ hash, timeout: 30_000 });
  };
  const transfer = (amount: bigint) => ({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, amount] }) });
  const balance = (who: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
  const sessionId = (label: string) => keccak256(toHex(`${label}:${Math.random()}`));
  const grant = async (id: Hex, limit: bigint, validUntil: number, feeBudget = parseEther('0.01')) => {
    const receipt = await send(account, [grantSessionCall(address, { id, signer: key.address, token, limit, feeBudget, validUntil, site: 'https://app.example' })]);
    assert.equal(receipt.success, true);
  };
  /** The session key's user operation: its receipt, or the bundler's refusal (the account said no on chain). */
  const asSession = async (id: Hex, calls: { to: Address; value?: bigint; data?: Hex }[]) => {
    const session = await toSessionAccount({ client, key, factory, account: address, id });
    try {
      return { receipt: await send(session, calls) };
    } catch (error) {
      return { refused: (error as { details?: string; shortMessage?: string }).details ?? String(error) };
    }
  };

  /** What the account holds in ETH: its balance and its deposit at the EntryPoint (both pay for its operations). */
  const funds = async () => (await client.getBalance({ address })) + (await client.readContract({ address: entryPoint07Address, abi: entryPoint07Abi, functionName: 'balanceOf', args: [address] }));
  /**
   * The key holder skips the bundler: it signs its own user operation (any gas limits and price it likes) and sends
   * it to the EntryPoint's handleOps from an EOA of its own, naming itself the beneficiary that the account pays.
   */
  const direct = async (id: Hex, callData: Hex, gas: { preVerificationGas: bigint; maxFeePerGas: bigint; callGasLimit?: bigint; verificationGasLimit?: bigint }) => {
    const session = await toSessionAccount({ client, key, factory, account: address, id });
    const operation = {
      sender: address,
      nonce: await session.getNonce(),
      callData,
      callGasLimit: gas.callGasLimit ?? 100_000n,
      verificationGasLimit: gas.verificationGasLimit ?? 150_000n,
      preVerificationGas: gas.preVerificationGas,
      maxFeePerGas: gas.maxFeePerGas,
      maxPriorityFeePerGas: gas.maxFeePerGas,
      signature: '0x' as Hex,
    };
    operation.signature = await session.signUserOperation({ ...operation, chainId: 31337 });
    const wallet = createWalletClient({ account: bundlerKey, chain: chain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
    const before = await funds();
    let refused: string | undefined;
    try {
      const hash = await wallet.writeContract({ address: entryPoint07Address, abi: entryPoint07Abi, functionName: 'handleOps', args: [[toPackedUserOperation(operation)], bundlerKey.address], gas: 3_000_000n });
      if ((await client.waitForTransactionReceipt({ hash })).status !== 'success') refused = 'the bundle reverted';
    } catch (error) {
      refused = (error as { shortMessage?: string }).shortMessage ?? String(error);
    }
    return { refused, loss: before - (await funds()) };
  };
  const encodeTransfer = async (id: Hex, amount: bigint) => (await toSessionAccount({ client, key, factory, account: address, id })).encodeCalls([transfer(amount)]);

  before(async () => {
    anvil = await startAnvil({ chainId: 31337 });
    client = createPublicClient({ chain: chain(anvil.rpcUrl), transport: http(anvil.rpcUrl), pollingInterval: 50 });
    const deployer = seedAccounts().deployer;
    await deployAccountAbstraction(anvil.rpcUrl, deployer.address);
    ({ factory } = await deployLocalSmartAccount(anvil.rpcUrl, deployer.address));
    bundler = await startBundler({ chainId: 31337, rpcUrl: anvil.rpcUrl });
    account = await toLocalSmartAccount({ client, owner, factory });
    address = await account.getAddress();
    await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [address, toHex(parseEther('1'))]);
    await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [bundlerKey.address, toHex(parseEther('10'))]);
    const { contracts } = await compileContracts({ log: () => {} });
    const wallet = createWalletClient({ account: deployer, chain: chain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
    const hash = await wallet.deployContract({ abi: [{ type: 'constructor', inputs: [{ type: 'string' }, { type: 'string' }, { type: 'uint8' }, { type: 'address[]' }, { type: 'uint256[]' }], stateMutability: 'nonpayable' }], bytecode: contracts.LocalToken.bytecode, args: ['Session Token', 'SES', 0, [address], [1000n]] });
    token = getAddress((await client.waitForTransactionReceipt({ hash })).contractAddress!);
  });
  after(async () => {
    await api?.close();
    await bundler?.stop();
    await anvil?.stop();
  });

  it('lets the key transfer within the limit and refuses the rest on chain; the signed revocation ends it', async () => {
    const id = sessionId('spend');
    await grant(id, 100n, Math.floor(Date.now() / 1000) + 3600);
    const stored = await client.readContract({ address, abi: SESSIONS_ABI, functionName: 'getSession', args: [id] });
    assert.deepEqual([stored.signer, stored.token, stored.limit, stored.revoked, stored.feeBudget], [key.address, token, 100n, false, parseEther('0.01')]);

    const first = await asSession(id, [transfer(60n)]);
    assert.equal(first.receipt?.success, true, String(first.refused));
    assert.equal(await balance(receiver), 60n);

    const over = await asSession(id, [transfer(50n)]);
    assert.ok(over.refused, 'over the limit');
    assert.match(over.refused, /AA24|signature/i);
    const otherCall = await asSession(id, [{ to: receiver, value: 1n }]);
    assert.ok(otherCall.refused, 'not a transfer of the token');
    assert.equal(await balance(receiver), 60n);

    // The owner signs the revocation; somebody else (a relayer paying the gas) sends it.
    const signature = await owner.signTypedData(revokeTypedData(address, 31337, id));
    const relayer = createWalletClient({ account: seedAccounts().deployer, chain: chain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
    const forged = await owner.signTypedData(revokeTypedData(address, 31337, sessionId('other')));
    await assert.rejects(relayer.sendTransaction({ to: address, data: revokeWithSignatureData(id, forged) }), 'a signature of another id is refused');
    const revoked = await relayer.sendTransaction({ to: address, data: revokeWithSignatureData(id, signature) });
    assert.equal((await client.waitForTransactionReceipt({ hash: revoked })).status, 'success');
    assert.equal((await client.readContract({ address, abi: SESSIONS_ABI, functionName: 'getSession', args: [id] })).revoked, true);

    const after = await asSession(id, [transfer(10n)]);
    assert.ok(after.refused, 'revoked: the next use is refused');
    assert.equal(await balance(receiver), 60n);
  });

  it('a key holder cannot make the account pay more network fees than the grant allows: not by a 0 transfer, not by a huge price, not by repeating', async () => {
    const id = sessionId('gas');
    await grant(id, 100n, Math.floor(Date.now() / 1000) + 3600);
    await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [address, toHex(parseEther('1'))]);
    // A transfer of nothing at a price of 100 gwei with 5M gas of "pre-verification": up to 0.5 ETH to the key holder.
    const zero = await direct(id, await encodeTransfer(id, 0n), { preVerificationGas: 5_000_000n, maxFeePerGas: parseEther('0.0000001') });
    assert.ok(zero.refused, `a 0-amount transfer was accepted: the account paid ${formatEther(zero.loss)} ETH`);
    assert.equal(zero.loss, 0n);
    // A real transfer, but priced far over the budget.
    const costly = await direct(id, await encodeTransfer(id, 1n), { preVerificationGas: 5_000_000n, maxFeePerGas: parseEther('0.0000001') });
    assert.ok(costly.refused, `an operation costing up to 0.5 ETH was accepted: the account paid ${formatEther(costly.loss)} ETH`);
    assert.equal(costly.loss, 0n);
    // Not the batch entry, not a delegate call, not another call through execute.
    const batch = encodeFunctionData({ abi: parseAbi(['function executeBatch((address target, uint256 value, bytes data)[] calls)']), functionName: 'executeBatch', args: [[{ target: token, value: 0n, data: transfer(1n).data }]] });
    const delegate = encodeFunctionData({ abi: parseAbi(['function delegateExecute(address delegate, bytes data)']), functionName: 'delegateExecute', args: [token, transfer(1n).data] });
    const approve = encodeFunctionData({ abi: parseAbi(['function execute(address target, uint256 value, bytes data)']), functionName: 'execute', args: [token, 0n, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [receiver, 1n] })] });
    for (const callData of [batch, delegate, approve]) {
      const other = await direct(id, callData, { preVerificationGas: 50_000n, maxFeePerGas: parseEther('0.00000001') });
      assert.ok(other.refused, `accepted ${callData.slice(0, 10)}: the account paid ${formatEther(other.loss)} ETH`);
      assert.equal(other.loss, 0n);
    }
    assert.equal(await balance(receiver), 60n, 'nothing moved');

    // Repeated operations, each within reach, until the budget is spent: the account pays at most the budget.
    const budget = parseEther('0.01');
    const repeated = sessionId('repeat');
    await grant(repeated, 100n, Math.floor(Date.now() / 1000) + 3600, budget);
    const start = await funds();
    const outcomes: boolean[] = [];
    for (let i = 0; i < 5; i++) outcomes.push(!(await direct(repeated, await encodeTransfer(repeated, 1n), { preVerificationGas: 50_000n, maxFeePerGas: parseEther('0.00000001') })).refused);
    // Each may cost (150k + 100k + 50k gas) × 10 gwei = 0.003 ETH: three fit in 0.01 ETH, the fourth does not.
    assert.deepEqual(outcomes, [true, true, true, false, false]);
    const loss = start - (await funds());
    assert.ok(loss > 0n && loss <= budget, `the account paid ${formatEther(loss)} ETH for a budget of ${formatEther(budget)} ETH`);
    const stored = await client.readContract({ address, abi: SESSIONS_ABI, functionName: 'getSession', args: [repeated] });
    assert.deepEqual([stored.feeBudget, stored.feeSpent, stored.spent], [budget, parseEther('0.009'), 3n]);
    assert.equal(await balance(receiver), 63n);
  });

  it('refuses an expired session and a key that is not the session signer', async () => {
    const expired = sessionId('expired');
    const latest = await client.getBlock();
    await grant(expired, 100n, Number(latest.timestamp) + 5);
    await rpcCall(anvil.rpcUrl, 'evm_increaseTime', [60]);
    await rpcCall(anvil.rpcUrl, 'evm_mine', []);
    const late = await asSession(expired, [transfer(1n)]);
    assert.ok(late.refused, 'expired');
    assert.match(late.refused, /AA22|expired/i);

    const id = sessionId('stranger');
    await grant(id, 100n, Math.floor(Date.now() / 1000) + 7200);
    const stranger = privateKeyToAccount(generatePrivateKey());
    const session = await toSessionAccount({ client, key: stranger, factory, account: address, id });
    await assert.rejects(send(session, [transfer(1n)]), /AA24|signature/i);
    assert.equal(await balance(receiver), 63n);
  });

  it('the wallet data API lists the sessions from the chain and relays the owner\'s signed revocation', async () => {
    api = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }], dbPath: ':memory:', sessions: { relayer: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 5 }), factory } });
    const id = sessionId('listed');
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    await grant(id, 100n, expiry);
    await asSession(id, [transfer(7n)]);
    const list = async (who: string) => {
      const response = await api!.app.request(`/v1/sessions/${who}?projectId=p&st=t&sv=v`);
      assert.equal(response.status, 200);
      return ((await response.json()) as { pcis: Record<string, unknown>[] }).pcis;
    };
    // The one operation's fee counted at its most (its gas limits × max fee per gas), well within the budget.
    const { feeSpent } = await client.readContract({ address, abi: SESSIONS_ABI, functionName: 'getSession', args: [id] });
    assert.ok(feeSpent > 0n && feeSpent < parseEther('0.002'), `${formatEther(feeSpent)} ETH`);
    const listed = (await list(`eip155:31337:${address}`)).find((session) => session.pci === id);
    assert.ok(listed, 'the granted session is listed');
    assert.deepEqual(
      { ...listed, createdAt: typeof listed.createdAt },
      {
        project: { id: 'https://app.example', name: 'app.example', url: 'https://app.example' },
        pci: id,
        expiry,
        createdAt: 'number',
        permissions: [{ type: 'erc20-token-transfer', data: { address: token, allowance: '0x64', spent: '0x7', symbol: 'SES', decimals: 0, feeBudget: toHex(parseEther('0.01')), feeSpent: toHex(feeSpent) } }],
        policies: [],
        context: id,
        signer: { type: 'account', data: { address: key.address } },
      },
    );
    assert.deepEqual(await list(`eip155:1:${address}`), [], 'a chain the service does not serve has none');
    assert.deepEqual(await list(`eip155:31337:${receiver}`), [], 'an address without an account has none');

    const revoke = (body: unknown, who: string = address) => api!.app.request(`/v1/sessions/${who}/revoke?projectId=p`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const stranger = privateKeyToAccount(generatePrivateKey());
    const forged = await stranger.signTypedData(revokeTypedData(address, 31337, id));
    const refused = await revoke({ pci: id, signature: forged });
    assert.equal(refused.status, 400);
    assert.match(JSON.stringify(await refused.json()), /not the account owner's RevokeSession signature/);
    assert.equal((await revoke({ pci: sessionId('none'), signature: forged })).status, 404);
    assert.equal((await revoke({ pci: 'nope', signature: forged })).status, 400);
    assert.equal((await list(`eip155:31337:${address}`)).find((session) => session.pci === id)?.revokedAt, undefined, 'nothing was revoked');

    const signature = await owner.signTypedData(revokeTypedData(address, 31337, id));
    const revoked = await revoke({ pci: id, signature }, `eip155:31337:${address}`);
    assert.equal(revoked.status, 200);
    const answer = (await revoked.json()) as { success: boolean; transactionHash: string; revokedAt: number };
    assert.equal(answer.success, true);
    assert.match(answer.transactionHash, /^0x[0-9a-f]{64}$/);
    assert.equal((await list(`eip155:31337:${address}`)).find((session) => session.pci === id)?.revokedAt, answer.revokedAt);
    const after = await asSession(id, [transfer(1n)]);
    assert.ok(after.refused, 'revoked through the API: the next use is refused on chain');
  });

  it('the relayer pays for no contract but the stack\'s accounts: a gas burner that answers getSession is refused and costs nothing', async () => {
    const relayer = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 5 });
    const relaying = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }], dbPath: ':memory:', sessions: { relayer, factory } });
    try {
      // Any call: 200,000 turns of a loop (about 5.2M gas), then a Session whose signer is 0x…01 and not revoked.
      const burner = getAddress(`0x${'be'.repeat(20)}`);
      await rpcCall(anvil.rpcUrl, 'anvil_setCode', [burner, '0x62030d405b600190038060045750600160005260c06000f3']);
      const before = await client.getBalance({ address: relayer.address });
      const response = await relaying.app.request(`/v1/sessions/${burner}/revoke?projectId=p`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pci: sessionId('burn'), signature: '0x00' }) });
      const spent = before - (await client.getBalance({ address: relayer.address }));
      assert.equal(spent, 0n, `the relayer spent ${spent} wei on a foreign contract`);
      assert.equal(response.status, 400);
      assert.deepEqual(await response.json(), { status: 'ERROR', reasons: [{ name: 'address', description: `${burner} is not a smart account of this stack; its revocations are not relayed` }] });
    } finally {
      await relaying.close();
    }
  });
});
