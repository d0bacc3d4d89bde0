// What the visitor sees in the secure frame is exactly what is signed (server/auth-frame/sign-solana.ts,
// sign-evm.ts), against a real anvil chain and the local Solana chain: a "message" that is really a Solana
// transaction message is refused, typed data is shown only through its types (anything else refused), a
// maximal allowance reads "Unlimited", and a Solana fee includes the compute-unit price.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { base58 } from '@scure/base';
import { ComputeBudgetProgram, Connection, Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction, type TransactionInstruction } from '@solana/web3.js';
import { encodeFunctionData, erc20Abi, maxUint160, maxUint256, parseEther, stringToHex, toHex, verifyTypedData, type Address, type Hex } from 'viem';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { createSeedContext } from '../../server/chain/clients.js';
import { compileContracts } from '../../server/chain/compile.js';
import { deployTokens, type DeployedTokens } from '../../devstack/chain/tokens.js';
import { rpcCall } from '../../server/json-rpc.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { startSolanaChain, type SolanaChain } from '../../devstack/solana/serve.js';
import { actAsFrame, carryAttempts } from './frame-proof.js';
import { wordsText } from '../../server/auth-frame/frame-messages.js';

let mail: MailCapture;
let frame: AuthFrameServer;
let anvil: Anvil;
let solana: SolanaChain;
let tokens: DeployedTokens;
let origin: string;
let user: { cookie: string; address: Address; solana: string };

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
/** A value the service shows: a string, or words the frame renders (here in English). */
type Shown = string | { id: string; values?: Record<string, unknown> };
const fieldsText = (typedData: unknown) => (typedData as { fields: [string, Shown][] }).fields.map(([path, value]) => [path, wordsText(value)]);
const linesText = (lines: unknown) => (lines as Shown[]).map((line) => wordsText(line));

const post = (path: string, body: unknown) =>
  fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie: user.cookie }, body: JSON.stringify(body) });

interface Reply {
  id?: string;
  display?: Record<string, unknown>;
  error?: { code: number; message: string };
}
const file = async (method: string, params: unknown, chainId?: unknown): Promise<Reply> =>
  (await (await post('/api/sign-requests', { method, params, ...(chainId !== undefined ? { chainId } : {}) })).json()) as Reply;
const approve = async <T>(id: string): Promise<T> => {
  const response = await post(`/api/sign-requests/${id}/approve`, {});
  const body = (await response.json()) as { result: T };
  assert.equal(response.status, 200, JSON.stringify(body));
  return body.result;
};

before(async () => {
  actAsFrame();
  carryAttempts();
  [mail, anvil, solana] = await Promise.all([startMailCapture(), startAnvil({ chainId: 31337 }), startSolanaChain()]);
  const ctx = createSeedContext(anvil.rpcUrl, 31337);
  tokens = await deployTokens(ctx, (await compileContracts({ log: () => undefined })).contracts);
  frame = await startAuthFrame({
    allowedOrigins: ['http://127.0.0.1:5999'],
    smtpUrl: mail.smtpUrl,
    masterKey: randomBytes(32).toString('hex'),
    networks: { evm: [{ chainId: 31337, name: 'Local Chain A', rpcUrl: anvil.rpcUrl }], solana: [{ chainId: solana.chainId, name: 'Solana Local', rpcUrl: solana.rpcUrl }] },
  });
  origin = new URL(frame.url).origin;
  const email = 'seer@example.test';
  const since = Date.now();
  user = { cookie: '', address: '0x' as Address, solana: '' };
  await post('/api/email/start', { email });
  const verify = await post('/api/email/verify', { email, code: codeIn(await mail.waitFor(email, { since })) });
  const body = (await verify.json()) as { address: Address; accounts: { namespace: string; address: string }[] };
  user = { cookie: (verify.headers.get('set-cookie') ?? '').split(';')[0]!, address: body.address, solana: body.accounts.find((a) => a.namespace === 'solana')!.address };
  await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [user.address, toHex(parseEther('10'))]);
});
after(async () => {
  await frame?.stop();
  await Promise.all([mail?.stop(), anvil?.stop(), solana?.stop()]);
});

describe('Solana', () => {
  let conn: Connection;
  const receiver = Keypair.fromSeed(new Uint8Array(32).fill(78)).publicKey;
  before(async () => {
    conn = new Connection(solana.rpcUrl, 'confirmed');
    const signature = await conn.requestAirdrop(new PublicKey(user.solana), 5_000_000_000);
    await conn.confirmTransaction({ signature, ...(await conn.getLatestBlockhash()) }, 'confirmed');
  });
  const compile = async (instructions: TransactionInstruction[], legacy = false) => {
    const message = new TransactionMessage({ payerKey: new PublicKey(user.solana), recentBlockhash: (await conn.getLatestBlockhash()).blockhash, instructions });
    return legacy ? message.compileToLegacyMessage() : message.compileToV0Message();
  };
  const pay = (lamports: number) => SystemProgram.transfer({ fromPubkey: new PublicKey(user.solana), toPubkey: receiver, lamports });

  for (const legacy of [false, true]) {
    it(`solana_signMessage refuses the bytes of a ${legacy ? 'legacy' : 'v0'} transaction message (signing them would authorize the transaction)`, async () => {
      const message = await compile([pay(1_500_000_000)], legacy);
      const reply = await file('solana_signMessage', { message: base58.encode(message.serialize()), pubkey: user.solana });
      if (reply.id) {
        // The old behaviour: shown as hex, signed on Approve; the signature makes the transaction valid.
        const before = await conn.getBalance(receiver);
        const { signature } = await approve<{ signature: string }>(reply.id);
        const tx = new VersionedTransaction(message, [base58.decode(signature)]);
        const sent = await conn.sendRawTransaction(tx.serialize());
        await conn.confirmTransaction({ signature: sent, ...(await conn.getLatestBlockhash()) }, 'confirmed');
        assert.fail(`signed a transaction message shown as ${String(reply.display?.message).slice(0, 20)}…: the receiver gained ${(await conn.getBalance(receiver)) - before} lamports`);
      }
      assert.deepEqual(reply.error, { code: -32602, message: 'solana_signMessage: the message is a Solana transaction; sign it with solana_signTransaction' });
    });
  }

  it('solana_signMessage refuses the off-chain message signing domain, and shows text as text, other bytes as hex', async () => {
    const offchain = new Uint8Array([0xff, ...new TextEncoder().encode('solana offchain'), 0, 0, 0]);
    assert.deepEqual((await file('solana_signMessage', { message: base58.encode(offchain), pubkey: user.solana })).error, {
      code: -32602,
      message: 'solana_signMessage: off-chain messages (\\xffsolana offchain) are not supported',
    });
    const text = await file('solana_signMessage', { message: base58.encode(new TextEncoder().encode('Sign in to shop.example\nNonce: 7')), pubkey: user.solana });
    assert.equal(text.display?.message, 'Sign in to shop.example\nNonce: 7');
    const binary = await file('solana_signMessage', { message: base58.encode(new Uint8Array([0, 1, 2, 0xfe])), pubkey: user.solana });
    assert.equal(binary.display?.message, '0x000102fe');
    // Text that bidi controls or C1 controls make read otherwise than it is ("Pay 1 SOL to ‮evil" shows reversed) is shown as hex.
    for (const tricky of ['Approve 1 SOL \u202egnissap', 'Log in\u0085now', 'a\u2066b\u2069']) {
      const bytes = new TextEncoder().encode(tricky);
      assert.equal((await file('solana_signMessage', { message: base58.encode(bytes), pubkey: user.solana })).display?.message, `0x${Buffer.from(bytes).toString('hex')}`, JSON.stringify(tricky));
    }
    // Text long enough to be misread as a message header is still text.
    const long = 'Sign in. '.repeat(600);
    assert.equal((await file('solana_signMessage', { message: base58.encode(new TextEncoder().encode(long)), pubkey: user.solana })).display?.message, long);
  });

  it('the fee shown includes the compute-unit price × limit, and is what the wallet pays', async () => {
    // 5,000,000,000 micro-lamports per unit × 200,000 units = 1 SOL of priority fee.
    const message = await compile([ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }), ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5_000_000_000 }), pay(1_000_000)]);
    const wire = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');
    const { id, display } = await file('solana_signAndSendTransaction', { transaction: wire, chainId: solana.chainId });
    const before = await conn.getBalance(new PublicKey(user.solana));
    const { signature } = await approve<{ signature: string }>(id!);
    await conn.confirmTransaction({ signature, ...(await conn.getLatestBlockhash()) }, 'confirmed');
    const paid = before - (await conn.getBalance(new PublicKey(user.solana))) - 1_000_000;
    assert.equal(paid, 1_000_005_000, 'the fee the chain charged');
    assert.equal(display?.fee, '1.000005 SOL', `shown fee (the chain charged ${paid} lamports)`);
    assert.deepEqual(linesText(display?.instructions), ['Compute unit limit: 200000', 'Compute unit price: 5000000000 micro-lamports per unit', `Transfer 0.001 SOL from this wallet to ${receiver.toBase58()}`]);
  });

  it('without a limit instruction the fee counts 200,000 units per other instruction, at most 1,400,000', async () => {
    const price = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 });
    const one = await compile([price, pay(1000)]);
    const shown = await file('solana_signTransaction', { transaction: Buffer.from(new VersionedTransaction(one).serialize()).toString('base64'), chainId: solana.chainId });
    assert.equal(shown.display?.fee, '0.000205 SOL');
    const many = await compile([price, ...Array.from({ length: 9 }, (_, i) => pay(1000 + i))]);
    const capped = await file('solana_signTransaction', { transaction: Buffer.from(new VersionedTransaction(many).serialize()).toString('base64'), chainId: solana.chainId });
    assert.equal(capped.display?.fee, '0.001405 SOL');
    // A fractional lamport rounds up: 1 micro-lamport × 1,000 units is 0.001 lamport, charged as 1.
    const tiny = await compile([ComputeBudgetProgram.setComputeUnitLimit({ units: 1000 }), ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 }), pay(1000)]);
    assert.equal((await file('solana_signTransaction', { transaction: Buffer.from(new VersionedTransaction(tiny).serialize()).toString('base64'), chainId: solana.chainId })).display?.fee, '0.000005001 SOL');
  });

  it('refuses a transaction that sets the compute-unit price twice (the chain would refuse it too)', async () => {
    const twice = await compile([ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 }), ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 2 }), pay(1000)]);
    assert.deepEqual((await file('solana_signTransaction', { transaction: Buffer.from(new VersionedTransaction(twice).serialize()).toString('base64'), chainId: solana.chainId })).error, {
      code: -32602,
      message: 'solana_signTransaction: the transaction has a duplicate or malformed compute budget instruction',
    });
  });
});

describe('typed data', () => {
  const domain = { name: 'Shop', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' } as const;
  const EIP712Domain = [
    { name: 'name', type: 'string' },
    { name: 'version', type: 'string' },
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
  ];
  const order = {
    types: {
      EIP712Domain,
      Item: [
        { name: 'sku', type: 'string' },
        { name: 'price', type: 'uint256' },
      ],
      Order: [
        { name: 'buyer', type: 'address' },
        { name: 'items', type: 'Item[]' },
      ],
    },
    primaryType: 'Order',
    domain,
    message: { buyer: BOB, items: [{ sku: 'tea', price: '3' }, { sku: 'cup', price: 12 }] },
  };
  const typedError = async (typed: unknown) => (await file('eth_signTypedData_v4', [user.address, JSON.stringify(typed)])).error;

  it('shows the fields its types name, in their order, nested structs and arrays included', async () => {
    const { id, display } = await file('eth_signTypedData_v4', [user.address, JSON.stringify({ ...order, message: { items: order.message.items, buyer: BOB } })]);
    assert.deepEqual((display?.typedData as { fields: unknown }).fields, [['buyer', BOB], ['items[0].sku', 'tea'], ['items[0].price', '3'], ['items[1].sku', 'cup'], ['items[1].price', '12']]);
    const { EIP712Domain: _d, ...types } = order.types;
    assert.equal(await verifyTypedData({ address: user.address, domain, types, primaryType: 'Order', message: order.message, signature: await approve<Hex>(id!) }), true);
  });

  it('refuses message fields its types do not name (they would be shown but not signed)', async () => {
    const extra = { ...order, message: { ...order.message, note: 'Free sign-in, nothing is spent' } };
    assert.deepEqual(await typedError(extra), { code: -32602, message: 'Invalid typed data: Order has no field note' });
    const nested = { ...order, message: { ...order.message, items: [{ sku: 'tea', price: '3', discount: '100%' }] } };
    assert.deepEqual(await typedError(nested), { code: -32602, message: 'Invalid typed data: Item has no field discount (items[0].discount)' });
    const missing = { ...order, message: { buyer: BOB } };
    assert.deepEqual(await typedError(missing), { code: -32602, message: 'Invalid typed data: items is missing' });
  });

  it('refuses a domain with fields beyond name, version, chainId, verifyingContract, salt, or other than its EIP712Domain type', async () => {
    assert.deepEqual(await typedError({ ...order, domain: { ...domain, purpose: 'login' } }), { code: -32602, message: 'Invalid typed data: the domain has a field purpose that is not signed' });
    const { version: _v, ...noVersion } = domain;
    assert.deepEqual(await typedError({ ...order, domain: noVersion }), { code: -32602, message: 'Invalid typed data: the domain and its EIP712Domain type name different fields' });
  });

  it('refuses a primary type its types do not define, and the domain alone as primary type', async () => {
    assert.equal((await typedError({ ...order, primaryType: 'Refund' }))?.code, -32602);
    assert.deepEqual(await typedError({ ...order, primaryType: 'EIP712Domain' }), { code: -32602, message: 'Invalid typed data: the primary type must be a struct of the message, not EIP712Domain' });
  });

  it('a uint256-max Permit value and a uint160-max Permit2 amount read "Unlimited"', async () => {
    const permit = {
      types: {
        EIP712Domain,
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      domain,
      message: { owner: user.address, spender: BOB, value: maxUint256.toString(), nonce: 0, deadline: '1700000000' },
    };
    const { display } = await file('eth_signTypedData_v4', [user.address, JSON.stringify(permit)]);
    assert.deepEqual(fieldsText(display?.typedData), [['owner', user.address], ['spender', BOB], ['value', 'Unlimited'], ['nonce', '0'], ['deadline', '1700000000']]);
    const permit2 = {
      types: {
        EIP712Domain: EIP712Domain.filter((f) => f.name !== 'version'),
        PermitDetails: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
        PermitSingle: [
          { name: 'details', type: 'PermitDetails' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
      },
      primaryType: 'PermitSingle',
      domain: { name: 'Permit2', chainId: 31337, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3' },
      message: { details: { token: tokens.usd.address, amount: toHex(maxUint160), expiration: 1800000000, nonce: 0 }, spender: BOB, sigDeadline: 1800000000 },
    };
    const second = await file('eth_signTypedData_v4', [user.address, JSON.stringify(permit2)]);
    assert.deepEqual(fieldsText(second.display?.typedData), [['details.token', tokens.usd.address], ['details.amount', 'Unlimited'], ['details.expiration', '1800000000'], ['details.nonce', '0'], ['spender', BOB], ['sigDeadline', '1800000000']]);
  });
});

describe('personal_sign', () => {
  it('shows text with bidi or C1 controls as its hex', async () => {
    for (const tricky of ['Approve \u202egnissap', 'Log in\u0085now']) {
      const hex = stringToHex(tricky);
      assert.equal((await file('personal_sign', [hex, user.address])).display?.message, hex, JSON.stringify(tricky));
    }
    assert.equal((await file('personal_sign', [stringToHex('Grüße, שלום 👋'), user.address])).display?.message, 'Grüße, שלום 👋');
  });
});

describe('eth_sendTransaction', () => {
  it('an ERC-20 approve of 2^256-1 reads "Unlimited" with the token symbol; one below reads its amount', async () => {
    const unlimited = await file('eth_sendTransaction', [{ from: user.address, to: tokens.ltk.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, maxUint256] }) }], 31337);
    assert.equal(unlimited.display?.action, 'approve');
    assert.equal(wordsText(unlimited.display!.amount as Shown), 'Unlimited LTK');
    const almost = await file('eth_sendTransaction', [{ from: user.address, to: tokens.ltk.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, maxUint256 - 1n] }) }], 31337);
    assert.equal(almost.display?.amount, '115792089237316195423570985008687907853269984665640564039457.584007913129639934 LTK');
  });
});
