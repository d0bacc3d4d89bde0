// The secure frame's transaction and Solana methods (server/auth-frame/sign-evm.ts, sign-solana.ts) against a
// real anvil chain and the local Solana chain (litesvm): filing signs nothing and shows what the request
// itself says (ERC-20 symbol and decimals read on chain), only Approve signs and broadcasts, unknown chains
// are refused.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { Connection, Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { encodeFunctionData, erc20Abi, parseEther, parseUnits, stringToHex, toHex, verifyMessage, verifyTypedData, type Address, type Hex } from 'viem';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { createSeedContext } from '../../server/chain/clients.js';
import { compileContracts } from '../../server/chain/compile.js';
import { deployTokens, type DeployedTokens } from '../../devstack/chain/tokens.js';
import { rpcCall } from '../../server/json-rpc.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { startSolanaChain, type SolanaChain } from '../../devstack/solana/serve.js';
import { actAsFrame } from './frame-proof.js';
import { wordsText } from '../../server/auth-frame/frame-messages.js';

before(() => actAsFrame());

let mail: MailCapture;
let frame: AuthFrameServer;
let anvil: Anvil;
let solana: SolanaChain;
let tokens: DeployedTokens;
let origin: string;
let user: { cookie: string; address: Address; solana: string };

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;

const post = (path: string, body: unknown, cookie = user.cookie) =>
  fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

interface FiledReply {
  id: string;
  display: Record<string, unknown>;
}
async function file(method: string, params: unknown, chainId?: unknown): Promise<FiledReply> {
  const response = await post('/api/sign-requests', { method, params, ...(chainId !== undefined ? { chainId } : {}) });
  const body = (await response.json()) as FiledReply & { error?: unknown };
  assert.equal(response.status, 200, JSON.stringify(body));
  return body;
}
const fileError = async (method: string, params: unknown, chainId?: unknown): Promise<unknown> =>
  ((await (await post('/api/sign-requests', { method, params, ...(chainId !== undefined ? { chainId } : {}) })).json()) as { error: unknown }).error;
const approve = async <T>(id: string): Promise<T> => {
  const response = await post(`/api/sign-requests/${id}/approve`, {});
  const body = (await response.json()) as { result: T };
  assert.equal(response.status, 200, JSON.stringify(body));
  return body.result;
};

const nonce = (address: Address) => rpcCall<Hex>(anvil.rpcUrl, 'eth_getTransactionCount', [address, 'latest']).then(BigInt);
const balance = (address: Address) => rpcCall<Hex>(anvil.rpcUrl, 'eth_getBalance', [address, 'latest']).then(BigInt);
const lusd = async (address: Address) => BigInt(await rpcCall<Hex>(anvil.rpcUrl, 'eth_call', [{ to: tokens.usd.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address] }) }, 'latest']));
async function receipt(hash: Hex): Promise<{ status: Hex }> {
  for (let i = 0; i < 100; i++) {
    const found = await rpcCall<{ status: Hex } | null>(anvil.rpcUrl, 'eth_getTransactionReceipt', [hash]);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no receipt for ${hash}`);
}

before(async () => {
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
  const email = 'payer@example.test';
  const since = Date.now();
  const start = await post('/api/email/start', { email }, '');
  assert.equal(start.status, 200);
  const verify = await post('/api/email/verify', { email, code: codeIn(await mail.waitFor(email, { since })) }, (start.headers.get('set-cookie') ?? '').split(';')[0]);
  const body = (await verify.json()) as { address: Address; accounts: { namespace: string; address: string }[] };
  user = { cookie: (verify.headers.get('set-cookie') ?? '').split(';')[0]!, address: body.address, solana: body.accounts.find((a) => a.namespace === 'solana')!.address };
  // Fund the embedded wallet: 10 ETH and 100 LUSD (from the deployer, who holds the supply).
  await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [user.address, toHex(parseEther('10'))]);
  await ctx.confirm(ctx.wallets.deployer.writeContract({ address: tokens.usd.address, abi: erc20Abi, functionName: 'transfer', args: [user.address, parseUnits('100', 6)] }), 'LUSD to the user');
});
after(async () => {
  await frame?.stop();
  await Promise.all([mail?.stop(), anvil?.stop(), solana?.stop()]);
});

describe('eth_sendTransaction', () => {
  it('shows recipient, amount, network and fee; sends nothing until Approve; then lands on the chain', async () => {
    const before = await balance(BOB);
    const sent = await nonce(user.address);
    const { id, display } = await file('eth_sendTransaction', [{ from: user.address, to: BOB, value: toHex(parseEther('0.5')) }], 'eip155:31337');
    const { fee, ...rest } = display;
    assert.deepEqual(rest, { method: 'eth_sendTransaction', address: user.address, network: 'Local Chain A', action: 'send', recipient: BOB, amount: '0.5 ETH' });
    assert.match(String(fee), /^0\.0\d+ ETH$/);
    assert.equal(await nonce(user.address), sent, 'filing sent nothing');
    const hash = await approve<Hex>(id);
    assert.equal((await receipt(hash)).status, '0x1');
    assert.equal((await balance(BOB)) - before, parseEther('0.5'));
    assert.equal(await nonce(user.address), sent + 1n);
    assert.deepEqual(await (await post(`/api/sign-requests/${id}/approve`, {})).json(), { error: { code: 4100, message: 'No such signing request' } }, 'single use');
  });

  it('a rejected transaction is never sent', async () => {
    const sent = await nonce(user.address);
    const { id } = await file('eth_sendTransaction', [{ from: user.address, to: BOB, value: '0x1', chainId: '0x7a69' }]);
    assert.equal((await post(`/api/sign-requests/${id}/reject`, {})).status, 200);
    assert.equal((await post(`/api/sign-requests/${id}/approve`, {})).status, 400);
    assert.equal(await nonce(user.address), sent);
  });

  it('decodes an ERC-20 transfer with the symbol and decimals read on chain, and the tokens move on Approve', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, parseUnits('12.5', 6)] });
    const { id, display } = await file('eth_sendTransaction', [{ from: user.address, to: tokens.usd.address, data, value: '0x0' }], 'eip155:31337');
    const { fee: _fee, ...rest } = display;
    assert.deepEqual(rest, { method: 'eth_sendTransaction', address: user.address, network: 'Local Chain A', action: 'send', recipient: BOB, amount: '12.5 LUSD', token: tokens.usd.address });
    const before = await lusd(BOB);
    assert.equal((await receipt(await approve<Hex>(id))).status, '0x1');
    assert.equal((await lusd(BOB)) - before, parseUnits('12.5', 6));
  });

  it('decodes an ERC-20 approve; shows other calls with their data', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, parseUnits('3', 18)] });
    const approval = await file('eth_sendTransaction', [{ from: user.address, to: tokens.ltk.address, data }], 31337);
    assert.equal(approval.display.action, 'approve');
    assert.equal(approval.display.recipient, BOB);
    assert.equal(approval.display.amount, '3 LTK');
    const call = await file('eth_sendTransaction', [{ from: user.address, to: tokens.usd.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [BOB] }) }], 31337);
    assert.equal(call.display.action, 'call');
    assert.equal(call.display.amount, '0 ETH');
    assert.match(String(call.display.data), /^0x70a08231/);
  });

  it('refuses an unknown chain (4901), a missing chain (-32602), and another account (4100)', async () => {
    const tx = { from: user.address, to: BOB, value: '0x1' };
    assert.deepEqual(await fileError('eth_sendTransaction', [tx], 'eip155:1'), { code: 4901, message: 'Unsupported chain: eip155:1 is not configured on this service' });
    assert.deepEqual(await fileError('eth_sendTransaction', [tx]), { code: -32602, message: 'The request names no chain (chainId)' });
    assert.deepEqual(await fileError('eth_sendTransaction', [{ ...tx, from: BOB }], 'eip155:31337'), { code: 4100, message: 'The requested account is not the embedded wallet' });
  });
});

describe('EVM messages', () => {
  const typedData = {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    domain: { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
    message: { from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }, to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }, contents: 'Hello, Bob!' },
  } as const;

  it('eth_signTypedData_v4 shows domain, primary type and fields, and the signature verifies', async () => {
    const { id, display } = await file('eth_signTypedData_v4', [user.address, JSON.stringify(typedData)]);
    assert.deepEqual(display, {
      method: 'eth_signTypedData_v4',
      address: user.address,
      network: 'Local Chain A',
      typedData: {
        domain: [['name', 'Ether Mail'], ['version', '1'], ['chainId', 'Local Chain A'], ['verifyingContract', '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC']],
        primaryType: 'Mail',
        fields: [['from.name', 'Cow'], ['from.wallet', '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'], ['to.name', 'Bob'], ['to.wallet', '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'], ['contents', 'Hello, Bob!']],
      },
    });
    const signature = await approve<Hex>(id);
    const { EIP712Domain: _d, ...types } = typedData.types;
    assert.equal(await verifyTypedData({ address: user.address, domain: typedData.domain, types, primaryType: 'Mail', message: typedData.message, signature }), true);
  });

  it('refuses malformed typed data', async () => {
    assert.deepEqual(await fileError('eth_signTypedData_v4', [user.address, '{not json']), { code: -32602, message: 'The typed data is not JSON' });
  });

  it('eth_sign [address, message] signs the EIP-191 message', async () => {
    const message = stringToHex('eth_sign me');
    const { id, display } = await file('eth_sign', [user.address, message]);
    assert.deepEqual(display, { method: 'eth_sign', address: user.address, message: 'eth_sign me' });
    assert.equal(await verifyMessage({ address: user.address, message: { raw: message }, signature: await approve<Hex>(id) }), true);
  });
});

describe('Solana', () => {
  let conn: Connection;
  const receiver = Keypair.fromSeed(new Uint8Array(32).fill(77)).publicKey;
  before(async () => {
    conn = new Connection(solana.rpcUrl, 'confirmed');
    const signature = await conn.requestAirdrop(new PublicKey(user.solana), 2_000_000_000);
    await conn.confirmTransaction({ signature, ...(await conn.getLatestBlockhash()) }, 'confirmed');
  });
  const transfer = async (lamports: number, payer = new PublicKey(user.solana)): Promise<string> => {
    const message = new TransactionMessage({
      payerKey: payer,
      recentBlockhash: (await conn.getLatestBlockhash()).blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: receiver, lamports })],
    }).compileToV0Message();
    return Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');
  };

  it('solana_signAndSendTransaction shows recipient, amount, network; lands on the chain only after Approve', async () => {
    const before = await conn.getBalance(receiver);
    const { id, display } = await file('solana_signAndSendTransaction', { transaction: await transfer(250_000_000), chainId: solana.chainId });
    assert.deepEqual({ ...display, instructions: (display.instructions as Parameters<typeof wordsText>[0][]).map((line) => wordsText(line)) }, {
      method: 'solana_signAndSendTransaction',
      address: user.solana,
      network: 'Solana Local',
      instructions: [`Transfer 0.25 SOL from this wallet to ${receiver.toBase58()}`],
      action: 'send',
      recipient: receiver.toBase58(),
      amount: '0.25 SOL',
      fee: '0.000005 SOL',
    });
    assert.equal(await conn.getBalance(receiver), before, 'filing sent nothing');
    const { signature } = await approve<{ signature: string }>(id);
    assert.equal(base58.decode(signature).length, 64);
    await conn.confirmTransaction({ signature, ...(await conn.getLatestBlockhash()) }, 'confirmed');
    assert.equal((await conn.getBalance(receiver)) - before, 250_000_000);
  });

  it('solana_signTransaction returns the transaction signed by the wallet, not sent', async () => {
    const { id } = await file('solana_signTransaction', { transaction: await transfer(1000), chainId: solana.chainId });
    const { transaction, signature } = await approve<{ transaction: string; signature: string }>(id);
    const tx = VersionedTransaction.deserialize(Buffer.from(transaction, 'base64'));
    assert.equal(ed25519.verify(tx.signatures[0]!, tx.message.serialize(), new PublicKey(user.solana).toBytes()), true);
    assert.equal(signature, base58.encode(tx.signatures[0]!));
  });

  it('solana_signMessage signs the message bytes', async () => {
    const bytes = new TextEncoder().encode('Hello Solana');
    const { id, display } = await file('solana_signMessage', { message: base58.encode(bytes), pubkey: user.solana });
    assert.deepEqual(display, { method: 'solana_signMessage', address: user.solana, message: 'Hello Solana' });
    const { signature } = await approve<{ signature: string }>(id);
    assert.equal(ed25519.verify(base58.decode(signature), bytes, new PublicKey(user.solana).toBytes()), true);
  });

  it('refuses another fee payer (4100), an unknown chain (4901), another pubkey (4100)', async () => {
    const stranger = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey;
    assert.deepEqual(await fileError('solana_signTransaction', { transaction: await transfer(1000, stranger), chainId: solana.chainId }), { code: 4100, message: 'The fee payer is not the embedded wallet' });
    assert.deepEqual(await fileError('solana_signAndSendTransaction', { transaction: await transfer(1000), chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }), {
      code: 4901,
      message: 'Unsupported chain: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp is not configured on this service',
    });
    assert.deepEqual(await fileError('solana_signMessage', { message: base58.encode(new Uint8Array([1])), pubkey: stranger.toBase58() }), { code: 4100, message: 'The requested account is not the embedded wallet' });
  });
});
