// Transactions and Solana signing in the secure frame (server/auth-frame/), in Chromium, driven by raw
// postMessage from a host page on another origin (as test/e2e/auth-frame.test.ts): ApproveTransaction shows
// what the service decoded from the request, eth_sendTransaction approved lands on anvil and rejected is 4001
// with nothing sent, a Solana transfer approved lands on the local Solana chain; axe on each approval screen.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { base58 } from '@scure/base';
import { ComputeBudgetProgram, Connection, Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { Hono } from 'hono';
import { type Browser, type FrameLocator, type Page, chromium } from 'playwright-core';
import { parseEther, toHex, type Address, type Hex } from 'viem';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { rpcCall } from '../../server/json-rpc.js';
import { listen, type Listening } from '../../server/listen.js';
import { axeViolations } from './harness.js';
import { startSolanaChain, type SolanaChain } from '../../devstack/solana/serve.js';

let mail: MailCapture;
let frame: AuthFrameServer;
let host: Listening;
let anvil: Anvil;
let solana: SolanaChain;
let browser: Browser;
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;

before(async () => {
  const app = new Hono();
  app.get('/', (c) => c.html('<!doctype html><html lang="en"><title>host</title><main><h1>Host</h1></main></html>', 200, { 'content-security-policy': `default-src 'self'; frame-src 'self' ${new URL(frame.url).origin}` }));
  [mail, anvil, solana, host] = await Promise.all([startMailCapture(), startAnvil({ chainId: 31337 }), startSolanaChain(), listen(app.fetch, { host: '127.0.0.1', port: 0, service: 'host page' })]);
  frame = await startAuthFrame({
    allowedOrigins: [host.url],
    smtpUrl: mail.smtpUrl,
    masterKey: randomBytes(32).toString('hex'),
    networks: { evm: [{ chainId: 31337, name: 'Local Chain A', rpcUrl: anvil.rpcUrl }], solana: [{ chainId: solana.chainId, name: 'Solana Local', rpcUrl: solana.rpcUrl }] },
  });
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
});
after(async () => {
  await browser?.close();
  await Promise.all([frame?.stop(), mail?.stop(), host?.stop(), anvil?.stop(), solana?.stop()]);
});

interface Reply {
  id?: string;
  event?: string;
  result?: unknown;
  error?: { code: number | string; message: string };
}

/** Opens the host page, embeds the frame (in `lang`, as the widget asks for it), installs `__send`, and logs `email` in; returns the accounts. */
async function loggedIn(page: Page, email: string, lang?: string): Promise<{ evm: Address; solana: string }> {
  await page.goto(host.url);
  await page.evaluate(
    ([src, frameOrigin]) =>
      new Promise<void>((resolve) => {
        const w = window as unknown as { __send: (method: string, params?: unknown) => Promise<Reply> };
        const iframe = document.createElement('iframe');
        iframe.src = src;
        iframe.title = 'Secure wallet';
        const pending = new Map<string, (reply: Reply) => void>();
        window.addEventListener('message', (event) => {
          if (event.origin !== frameOrigin || event.source !== iframe.contentWindow) return;
          const reply = event.data as Reply;
          if (reply.event === 'ready') resolve();
          if (reply.id) pending.get(reply.id)?.(reply);
        });
        let next = 0;
        w.__send = (method, params) =>
          new Promise((done) => {
            const id = `r${(next += 1)}`;
            pending.set(id, done);
            iframe.contentWindow!.postMessage({ type: 'wcm-app', id, method, params }, frameOrigin);
          });
        document.querySelector('main')!.append(iframe);
      }),
    [`${frame.url}frame?parent=${encodeURIComponent(new URL(host.url).origin)}${lang ? `&lang=${lang}` : ''}`, new URL(frame.url).origin] as const,
  );
  const since = Date.now();
  assert.equal((await send(page, 'email_start', { email })).error, undefined);
  const user = (await send(page, 'email_verify', { email, code: codeIn(await mail.waitFor(email, { since })) })).result as { address: Address; accounts: { namespace: string; address: string }[] };
  return { evm: user.address, solana: user.accounts.find((a) => a.namespace === 'solana')!.address };
}

/**
 * Posts a request to the frame and resolves with its reply. A reply that never comes fails after 60 s, naming the
 * request, rather than holding the whole run (a CI run once waited here without end, in the last test).
 */
function send(page: Page, method: string, params?: unknown): Promise<Reply> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reply = page.evaluate(([m, p]) => (window as unknown as { __send: (method: string, params?: unknown) => Promise<Reply> }).__send(m as string, p), [method, params] as const);
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no reply from the frame to ${method} ${JSON.stringify(params)?.slice(0, 200)} within 60 s`)), 60_000);
  });
  return Promise.race([reply, late]).finally(() => clearTimeout(timer));
}

/** The approval screen's label → value rows. */
const rowsOf = (inFrame: FrameLocator): Promise<Record<string, string>> =>
  inFrame.locator('dl > div').evaluateAll((divs) => Object.fromEntries(divs.map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent])));

async function axeClean(page: Page, what: string): Promise<void> {
  const violations = (await axeViolations(page)).map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]);
  assert.deepEqual(violations, [], `axe on ${what}`);
}

const nonce = (address: Address) => rpcCall<Hex>(anvil.rpcUrl, 'eth_getTransactionCount', [address, 'latest']).then(BigInt);
const balance = (address: Address) => rpcCall<Hex>(anvil.rpcUrl, 'eth_getBalance', [address, 'latest']).then(BigInt);

describe('transactions in the secure frame (Chromium)', () => {
  it('eth_sendTransaction: the frame shows network, recipient, amount and fee; Approve lands it on anvil, Reject is 4001 and sends nothing', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const { evm } = await loggedIn(page, 'sender@example.test');
      await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [evm, toHex(parseEther('5'))]);
      // An uneven base fee, as on a real chain: the fee in wei has many digits.
      await rpcCall(anvil.rpcUrl, 'anvil_setNextBlockBaseFeePerGas', [toHex(1_234_567_891n)]);
      await rpcCall(anvil.rpcUrl, 'evm_mine', []);
      const before = await balance(BOB);
      const inFrame = page.frameLocator('iframe');

      const sending = send(page, 'rpc', { method: 'eth_sendTransaction', params: [{ from: evm, to: BOB, value: toHex(parseEther('1.25')) }], chainId: 'eip155:31337' });
      sending.catch(() => undefined);
      await inFrame.getByRole('button', { name: 'Approve' }).waitFor();
      assert.equal(await inFrame.getByRole('heading', { level: 1 }).textContent(), 'Approve transaction');
      const { 'Network fee (at most)': fee, ...shown } = await rowsOf(inFrame);
      assert.deepEqual(shown, { Network: 'Local Chain A', Action: 'Send', To: BOB, Amount: '1.25 ETH', From: evm });
      // The fee (an upper bound) rounded up to 4 significant digits, not the 17 decimals of the wei it is made of.
      assert.match(fee ?? '', /^0\.0*[1-9]\d{0,3} ETH$/);
      await axeClean(page, 'ApproveTransaction for eth_sendTransaction');
      assert.equal(await nonce(evm), 0n, 'nothing sent before Approve');
      await inFrame.getByRole('button', { name: 'Approve' }).click();
      const hash = (await sending).result as Hex;
      assert.match(hash, /^0x[0-9a-f]{64}$/);
      let receipt: { status: Hex } | null = null;
      for (let i = 0; i < 100 && !receipt; i++) {
        receipt = await rpcCall<{ status: Hex } | null>(anvil.rpcUrl, 'eth_getTransactionReceipt', [hash]);
        if (!receipt) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.equal(receipt?.status, '0x1');
      assert.equal((await balance(BOB)) - before, parseEther('1.25'));

      const rejecting = send(page, 'rpc', { method: 'eth_sendTransaction', params: [{ from: evm, to: BOB, value: toHex(parseEther('1')) }], chainId: 'eip155:31337' });
      rejecting.catch(() => undefined);
      await inFrame.getByRole('button', { name: 'Reject' }).click();
      assert.deepEqual((await rejecting).error, { code: 4001, message: 'User rejected the request.' });
      assert.equal(await nonce(evm), 1n, 'the rejected transaction was not sent');

      // A chain the service does not serve: a clear error, no approval screen.
      assert.deepEqual((await send(page, 'rpc', { method: 'eth_sendTransaction', params: [{ from: evm, to: BOB, value: '0x1' }], chainId: 'eip155:1' })).error, {
        code: 4901,
        message: 'Unsupported chain: eip155:1 is not configured on this service',
      });
      assert.equal(await inFrame.locator('#approve').isHidden(), true);
    } finally {
      await context.close();
    }
  });

  it('in Arabic: the approval reads right to left in Arabic, the address and amount stay left to right, axe finds nothing; Reject is 4001', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const { evm } = await loggedIn(page, 'arabic@example.test', 'ar-EG');
      await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [evm, toHex(parseEther('5'))]);
      const inFrame = page.frameLocator('iframe');
      const rejecting = send(page, 'rpc', { method: 'eth_sendTransaction', params: [{ from: evm, to: BOB, value: toHex(parseEther('1.25')) }], chainId: 'eip155:31337' });
      rejecting.catch(() => undefined);
      await inFrame.getByRole('button', { name: 'موافقة' }).waitFor();
      assert.deepEqual(await inFrame.locator('html').evaluate((html) => [(html as HTMLElement).lang, (html as HTMLElement).dir, document.title]), ['ar', 'rtl', 'محفظة آمنة']);
      assert.equal(await inFrame.getByRole('heading', { level: 1 }).textContent(), 'الموافقة على المعاملة');
      const { 'رسوم الشبكة (بحد أقصى)': fee, ...shown } = await rowsOf(inFrame);
      assert.deepEqual(shown, { 'الشبكة': 'Local Chain A', 'الإجراء': 'إرسال', 'إلى': BOB, 'المبلغ': '1.25 ETH', 'من': evm });
      assert.ok(fee, 'the fee row is labelled in Arabic');
      // The address is laid out left to right inside the right-to-left page.
      assert.equal(await inFrame.locator('dd.address').first().evaluate((dd) => getComputedStyle(dd).direction), 'ltr');
      // The amount reads "1.25 ETH" from left to right: its number is drawn left of its symbol.
      // (No named function inside: tsx would wrap it in a helper the page does not have.)
      const [number, symbol] = await inFrame.locator('dd', { hasText: '1.25 ETH' }).evaluate((dd) =>
        [[0, 4], [5, 8]].map(([from, to]) => {
          const range = document.createRange();
          range.setStart(dd.firstChild!, from!);
          range.setEnd(dd.firstChild!, to!);
          return range.getBoundingClientRect().left;
        }));
      assert.ok(number! < symbol!, `the number (x ${number}) is left of ETH (x ${symbol})`);
      await axeClean(page, 'ApproveTransaction in Arabic');
      await inFrame.getByRole('button', { name: 'رفض' }).click();
      assert.deepEqual((await rejecting).error, { code: 4001, message: 'User rejected the request.' });
      assert.equal(await nonce(evm), 0n, 'nothing sent');
    } finally {
      await context.close();
    }
  });

  it('a Solana transfer: the frame shows it decoded; Approve sends it to the Solana chain', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const { solana: address } = await loggedIn(page, 'sol@example.test');
      const conn = new Connection(solana.rpcUrl, 'confirmed');
      const airdrop = await conn.requestAirdrop(new PublicKey(address), 1_000_000_000);
      await conn.confirmTransaction({ signature: airdrop, ...(await conn.getLatestBlockhash()) }, 'confirmed');
      const receiver = Keypair.fromSeed(new Uint8Array(32).fill(5)).publicKey;
      const payer = new PublicKey(address);
      const message = new TransactionMessage({
        payerKey: payer,
        recentBlockhash: (await conn.getLatestBlockhash()).blockhash,
        instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: receiver, lamports: 300_000_000 })],
      }).compileToV0Message();
      const transaction = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');
      const inFrame = page.frameLocator('iframe');

      const sending = send(page, 'rpc', { method: 'solana_signAndSendTransaction', params: { transaction, chainId: solana.chainId } });
      sending.catch(() => undefined);
      await inFrame.getByRole('button', { name: 'Approve' }).waitFor();
      assert.deepEqual(await rowsOf(inFrame), { Network: 'Solana Local', Action: 'Send', To: receiver.toBase58(), Amount: '0.3 SOL', From: address, 'Network fee (at most)': '0.000005 SOL' });
      assert.deepEqual(await inFrame.getByRole('listitem').allTextContents(), [`Transfer 0.3 SOL from this wallet to ${receiver.toBase58()}`]);
      await axeClean(page, 'ApproveTransaction for a Solana transfer');
      await inFrame.getByRole('button', { name: 'Approve' }).click();
      const { signature } = (await sending).result as { signature: string };
      await conn.confirmTransaction({ signature, ...(await conn.getLatestBlockhash()) }, 'confirmed');
      assert.equal(await conn.getBalance(receiver), 300_000_000);

      const rejecting = send(page, 'rpc', { method: 'solana_signMessage', params: { message: '2NEpo7TZRRrLZSi2U', pubkey: address } });
      rejecting.catch(() => undefined);
      await inFrame.getByRole('button', { name: 'Reject' }).waitFor();
      assert.equal(await inFrame.getByRole('heading', { level: 1 }).textContent(), 'Sign message');
      assert.equal(await inFrame.locator('pre').textContent(), 'Hello World!');
      await axeClean(page, 'ApproveTransaction for solana_signMessage');
      await inFrame.getByRole('button', { name: 'Reject' }).click();
      assert.deepEqual((await rejecting).error, { code: 4001, message: 'User rejected the request.' });
    } finally {
      await context.close();
    }
  });

  it('eth_signTypedData_v4: the frame shows the domain, primary type and fields', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const { evm } = await loggedIn(page, 'typed@example.test');
      const typed = {
        types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }], Order: [{ name: 'item', type: 'string' }, { name: 'price', type: 'uint256' }] },
        primaryType: 'Order',
        domain: { name: 'Shop', chainId: 31337 },
        message: { item: 'Lamp', price: '42' },
      };
      const signing = send(page, 'rpc', { method: 'eth_signTypedData_v4', params: [evm, JSON.stringify(typed)] });
      signing.catch(() => undefined);
      const inFrame = page.frameLocator('iframe');
      await inFrame.getByRole('button', { name: 'Approve' }).waitFor();
      assert.equal(await inFrame.getByRole('heading', { level: 1 }).textContent(), 'Sign typed data');
      assert.deepEqual(await rowsOf(inFrame), { Account: evm, Domain: 'name: Shop, chainId: Local Chain A', Type: 'Order', item: 'Lamp', price: '42' });
      await axeClean(page, 'ApproveTransaction for typed data');
      await inFrame.getByRole('button', { name: 'Approve' }).click();
      assert.match((await signing).result as string, /^0x[0-9a-f]{130}$/);
    } finally {
      await context.close();
    }
  });

  it('what the frame shows is what is signed: an unlimited Permit reads Unlimited, a Solana fee includes the priority fee, a transaction message is no message', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const { evm, solana: address } = await loggedIn(page, 'seer@example.test');
      const inFrame = page.frameLocator('iframe');
      const permit = {
        types: { Permit: [{ name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }] },
        primaryType: 'Permit',
        domain: { name: 'Shop', chainId: 31337 },
        message: { spender: BOB, value: toHex(2n ** 256n - 1n) },
      };
      const signing = send(page, 'rpc', { method: 'eth_signTypedData_v4', params: [evm, JSON.stringify(permit)] });
      signing.catch(() => undefined);
      await inFrame.getByRole('button', { name: 'Reject' }).waitFor();
      assert.deepEqual(await rowsOf(inFrame), { Account: evm, Domain: 'name: Shop, chainId: Local Chain A', Type: 'Permit', spender: BOB, value: 'Unlimited' });
      await inFrame.getByRole('button', { name: 'Reject' }).click();
      assert.equal((await signing).error?.code, 4001);

      const conn = new Connection(solana.rpcUrl, 'confirmed');
      const payer = new PublicKey(address);
      const receiver = Keypair.fromSeed(new Uint8Array(32).fill(79)).publicKey;
      const message = new TransactionMessage({
        payerKey: payer,
        recentBlockhash: (await conn.getLatestBlockhash()).blockhash,
        instructions: [ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 }), SystemProgram.transfer({ fromPubkey: payer, toPubkey: receiver, lamports: 1000 })],
      }).compileToV0Message();
      const sending = send(page, 'rpc', { method: 'solana_signTransaction', params: { transaction: Buffer.from(new VersionedTransaction(message).serialize()).toString('base64'), chainId: solana.chainId } });
      sending.catch(() => undefined);
      await inFrame.getByRole('button', { name: 'Reject' }).waitFor();
      assert.deepEqual(await rowsOf(inFrame), { Network: 'Solana Local', Action: 'Send', To: receiver.toBase58(), Amount: '0.000001 SOL', From: address, 'Network fee (at most)': '0.000205 SOL' });
      assert.deepEqual(await inFrame.getByRole('listitem').allTextContents(), ['Compute unit price: 1000000 micro-lamports per unit', `Transfer 0.000001 SOL from this wallet to ${receiver.toBase58()}`]);
      await inFrame.getByRole('button', { name: 'Reject' }).click();
      assert.equal((await sending).error?.code, 4001);

      const asMessage = await send(page, 'rpc', { method: 'solana_signMessage', params: { message: base58.encode(message.serialize()), pubkey: address } });
      assert.deepEqual(asMessage.error, { code: -32602, message: 'solana_signMessage: the message is a Solana transaction; sign it with solana_signTransaction' });
      assert.equal(await inFrame.getByRole('button', { name: 'Approve' }).count(), 0, 'no approval screen');
    } finally {
      await context.close();
    }
  });
});
