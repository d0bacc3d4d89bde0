// The dev wallet's Solana side (a Wallet Standard wallet) in real Chromium under a strict CSP: found through
// @wallet-standard/app's getWallets(), connect with Reject then Approve (the prompt's exact words), silent
// connect after a reload, and signatures verified with ed25519 in Node. The tests share one page, in order.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { Wallet } from '@wallet-standard/base';
import type { Browser, Page } from 'playwright-core';
import type { DevWallet, EIP6963ProviderDetail } from '../../demo/dev-wallet/index.js';
import { LOCAL_SOLANA_CHAIN_ID } from '../../demo/dev-wallet/solana/chains.js';
import { rpcCall } from '../../server/json-rpc.js';
import { startSolanaChain, type SolanaChain } from '../../devstack/solana/serve.js';
import { solanaDevKeypair } from '../../demo/dev-wallet/solana-keys.js';
import { launchChromium } from './harness.js';
import { bundleSolanaPage, serveSolanaPage } from './solana-harness.js';

declare global {
  interface Window {
    devWallet: DevWallet;
    __announced: EIP6963ProviderDetail[];
    __standard(): Wallet | undefined;
    __changes: { accounts: string[] }[];
    __calls: Record<string, Promise<Outcome>>;
    __start(feature: string, method: string, input?: Record<string, unknown>): string;
  }
}

type Outcome = { result?: unknown; error?: { code: number; message: string } };
const PROMPT = 'dev-wallet-prompt';
const ACCOUNT_0 = solanaDevKeypair(0);
const ACCOUNT_1 = solanaDevKeypair(1);
const BOB = new PublicKey(solanaDevKeypair(5).publicKey);

let chain: SolanaChain;
let server: Server;
let url: string;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** Starts a feature call in the page (bytes given as number arrays); `settle(key)` waits for its outcome. */
const start = (feature: string, method: string, input?: Record<string, unknown>): Promise<string> =>
  page.evaluate(([f, m, i]) => window.__start(f, m, i), [feature, method, input] as const);
/** The call's outcome; a call still unsettled after 10 s (e.g. waiting on a prompt nobody answers) fails the test. */
const settle = (key: string): Promise<Outcome> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${key} did not settle within 10 s`)), 10_000);
  });
  return Promise.race([page.evaluate((k) => window.__calls[k]!, key), late]).finally(() => clearTimeout(timer));
};
const call = async (feature: string, method: string, input?: Record<string, unknown>) => settle(await start(feature, method, input));
const pending = () => page.evaluate(() => window.devWallet.pending().map(({ kind, method, summary }) => ({ kind, method, summary })));

async function load() {
  await page.goto(url);
  await page.waitForSelector('html[data-ready="true"]');
}

const balance = async (address: string) => BigInt((await rpcCall<{ value: number }>(chain.rpcUrl, 'getBalance', [address])).value);

function transferTx(lamports: number, blockhash = base58.encode(new Uint8Array(32).fill(7)), to = BOB): number[] {
  const tx = new Transaction({ feePayer: new PublicKey(ACCOUNT_0.publicKey), recentBlockhash: blockhash });
  tx.add(SystemProgram.transfer({ fromPubkey: new PublicKey(ACCOUNT_0.publicKey), toPubkey: to, lamports }));
  return [...tx.serialize({ requireAllSignatures: false, verifySignatures: false })];
}

describe('dev wallet as a Solana Wallet Standard wallet, in Chromium under a strict CSP', () => {
  before(async () => {
    const [bundle, started] = await Promise.all([bundleSolanaPage(), startSolanaChain()]);
    chain = started;
    await rpcCall(chain.rpcUrl, 'requestAirdrop', [ACCOUNT_0.address, 3_000_000_000]);
    const config = { chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }], solana: { rpcUrl: chain.rpcUrl } };
    ({ server, url } = await serveSolanaPage(bundle, config, [new URL(chain.rpcUrl).origin]));
    browser = await launchChromium();
    page = await browser.newPage();
    page.setDefaultTimeout(5000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await load();
  });

  after(async () => {
    await browser?.close();
    server?.close();
    await chain?.stop();
  });

  it('is registered with getWallets() under the EIP-6963 name and icon, on the local chain, with the Solana features', async () => {
    const seen = await page.evaluate(() => {
      const wallet = window.__standard()!;
      return {
        count: (window as unknown as { __registry: { get(): Wallet[] } }).__registry.get().length,
        version: wallet.version,
        name: wallet.name,
        icon: wallet.icon,
        eip6963: window.__announced[0]!.info,
        chains: [...wallet.chains],
        features: Object.keys(wallet.features).sort(),
        accounts: wallet.accounts.length,
      };
    });
    assert.equal(seen.count, 1);
    assert.equal(seen.version, '1.0.0');
    assert.equal(seen.name, 'Dev Wallet');
    assert.equal(seen.name, seen.eip6963.name);
    assert.equal(seen.icon, seen.eip6963.icon);
    assert.match(seen.icon, /^data:image\/svg\+xml;base64,/);
    assert.deepEqual(seen.chains, [LOCAL_SOLANA_CHAIN_ID]);
    assert.deepEqual(seen.features, [
      'solana:signAndSendTransaction',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ]);
    assert.equal(seen.accounts, 0);
  });

  it('connect({ silent: true }) before any grant returns no account and shows no prompt', async () => {
    assert.deepEqual(await call('standard:connect', 'connect', { silent: true }), { result: { accounts: [] } });
    assert.equal(await page.locator(PROMPT).count(), 0);
    assert.deepEqual(await pending(), []);
  });

  it('connect shows "Connect to <host> (Solana)"; Reject fails with 4001 and grants nothing', async () => {
    const key = await start('standard:connect', 'connect');
    const item = page.locator(`${PROMPT} li[data-kind="connect"]`);
    await item.waitFor();
    const host = new URL(url).host;
    assert.equal(await item.locator('.summary').textContent(), `Connect to ${host} (Solana)`);
    assert.equal(await page.locator(`${PROMPT} .account`).textContent(), `${ACCOUNT_0.address.slice(0, 4)}…${ACCOUNT_0.address.slice(-4)} on Solana`);
    await item.locator('button[data-action="reject"]').click();
    assert.deepEqual(await settle(key), { error: { code: 4001, message: 'User rejected the request.' } });
    assert.equal(await page.evaluate(() => window.devWallet.solana!.authorized), false);
    assert.deepEqual(await page.evaluate(() => window.devWallet.log.at(-1)), {
      method: 'standard:connect',
      params: { silent: false },
      outcome: 'rejected',
      error: { code: 4001, message: 'User rejected the request.' },
    });
  });

  it('connect then Approve grants account #0 (m/44\'/501\'/0\'/0\') and emits a change event', async () => {
    const key = await start('standard:connect', 'connect');
    await page.locator(`${PROMPT} li[data-kind="connect"] button[data-action="approve"]`).click();
    assert.deepEqual(await settle(key), { result: { accounts: [ACCOUNT_0.address] } });
    await page.locator(PROMPT).waitFor({ state: 'detached' });
    const seen = await page.evaluate(() => {
      const [account] = window.__standard()!.accounts;
      return { address: account!.address, publicKey: [...account!.publicKey], chains: [...account!.chains], features: [...account!.features], changes: window.__changes };
    });
    assert.equal(seen.address, ACCOUNT_0.address);
    assert.deepEqual(seen.publicKey, [...ACCOUNT_0.publicKey]);
    assert.deepEqual(seen.chains, [LOCAL_SOLANA_CHAIN_ID]);
    assert.deepEqual(seen.features, ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']);
    assert.deepEqual(seen.changes, [{ accounts: [ACCOUNT_0.address] }]);
  });

  it('after a reload, connect({ silent: true }) restores the account without a prompt', async () => {
    await load();
    assert.deepEqual(await call('standard:connect', 'connect', { silent: true }), { result: { accounts: [ACCOUNT_0.address] } });
    assert.equal(await page.locator(PROMPT).count(), 0);
    assert.equal(await page.evaluate(() => window.devWallet.log.at(-1)!.outcome), 'auto');
  });

  it('signMessage shows "Sign message: <text>"; Approve returns an ed25519 signature by the account', async () => {
    const message = [...new TextEncoder().encode('hello from the Solana test')];
    const key = await start('solana:signMessage', 'signMessage', { account: 'connected', message });
    const item = page.locator(`${PROMPT} li[data-kind="sign"]`);
    await item.waitFor();
    assert.equal(await item.locator('.summary').textContent(), 'Sign message: hello from the Solana test');
    await item.locator('button[data-action="approve"]').click();
    const { result } = (await settle(key)) as { result: { signedMessage: number[]; signature: number[]; signatureType: string }[] };
    assert.equal(result.length, 1);
    assert.deepEqual(result[0]!.signedMessage, message);
    assert.equal(result[0]!.signatureType, 'ed25519');
    assert.ok(ed25519.verify(new Uint8Array(result[0]!.signature), new Uint8Array(message), ACCOUNT_0.publicKey));
  });

  it('signMessage rejected in the prompt fails with 4001', async () => {
    const key = await start('solana:signMessage', 'signMessage', { account: 'connected', message: [1, 2, 3] });
    const item = page.locator(`${PROMPT} li[data-kind="sign"]`);
    await item.waitFor();
    assert.equal(await item.locator('.summary').textContent(), 'Sign message: 0x010203');
    await item.locator('button[data-action="reject"]').click();
    assert.deepEqual(await settle(key), { error: { code: 4001, message: 'User rejected the request.' } });
  });

  it('signTransaction shows the SOL transfer and puts a valid signature in the fee payer slot', async () => {
    const wire = transferTx(250_000_000);
    const key = await start('solana:signTransaction', 'signTransaction', { account: 'connected', transaction: wire, chain: LOCAL_SOLANA_CHAIN_ID });
    const item = page.locator(`${PROMPT} li[data-kind="sign-transaction"]`);
    await item.waitFor();
    assert.equal(await item.locator('.summary').textContent(), `Sign transaction: Send 0.25 SOL to ${BOB.toBase58()}`);
    await item.locator('button[data-action="approve"]').click();
    const { result } = (await settle(key)) as { result: { signedTransaction: number[] }[] };
    const signed = Transaction.from(Uint8Array.from(result[0]!.signedTransaction));
    assert.equal(signed.signatures[0]!.publicKey.toBase58(), ACCOUNT_0.address);
    assert.ok(signed.verifySignatures(), 'every signature verifies');
    assert.ok(ed25519.verify(signed.signatures[0]!.signature!, signed.serializeMessage(), ACCOUNT_0.publicKey));
  });

  it('signAndSendTransaction shows "Send 0.1 SOL to <address>", sends to the facade, and the balances change by exactly the amount', async () => {
    const receiver = new PublicKey(solanaDevKeypair(8).publicKey);
    const [fromBefore, toBefore] = [await balance(ACCOUNT_0.address), await balance(receiver.toBase58())];
    const { value } = await rpcCall<{ value: { blockhash: string } }>(chain.rpcUrl, 'getLatestBlockhash', []);
    const lamports = 100_000_000;
    const wire = transferTx(lamports, value.blockhash, receiver);
    const key = await start('solana:signAndSendTransaction', 'signAndSendTransaction', {
      account: 'connected',
      transaction: wire,
      chain: LOCAL_SOLANA_CHAIN_ID,
      options: { commitment: 'confirmed' },
    });
    const item = page.locator(`${PROMPT} li[data-kind="send"]`);
    await item.waitFor();
    assert.equal(await item.locator('.summary').textContent(), `Send 0.1 SOL to ${receiver.toBase58()}`);
    assert.equal(await balance(receiver.toBase58()), toBefore, 'nothing is sent before the approval');
    await item.locator('button[data-action="approve"]').click();
    const { result } = (await settle(key)) as { result: { signature: number[] }[] };
    const signature = Uint8Array.from(result[0]!.signature);
    const message = Transaction.from(Uint8Array.from(wire)).serializeMessage();
    assert.ok(ed25519.verify(signature, message, ACCOUNT_0.publicKey));
    const [status] = (await rpcCall<{ value: ({ err: unknown } | null)[] }>(chain.rpcUrl, 'getSignatureStatuses', [[base58.encode(signature)]])).value;
    assert.equal(status?.err, null);
    assert.equal(await balance(receiver.toBase58()), toBefore + BigInt(lamports));
    assert.equal(await balance(ACCOUNT_0.address), fromBefore - BigInt(lamports) - 5000n);
  });

  it('signAndSendTransaction that the node refuses fails with its error, and nothing moves', async () => {
    await page.evaluate(() => window.devWallet.setMode('approve'));
    const before = await balance(ACCOUNT_0.address);
    const { value } = await rpcCall<{ value: { blockhash: string } }>(chain.rpcUrl, 'getLatestBlockhash', []);
    const outcome = await call('solana:signAndSendTransaction', 'signAndSendTransaction', {
      account: 'connected',
      transaction: transferTx(100_000_000_000, value.blockhash), // 100 SOL: more than the account has
      chain: LOCAL_SOLANA_CHAIN_ID,
    });
    await page.evaluate(() => window.devWallet.setMode('prompt'));
    assert.equal(outcome.error?.code, -32002);
    assert.match(outcome.error!.message, /^Transaction simulation failed/);
    assert.equal(await balance(ACCOUNT_0.address), before);
  });

  it('scripted mode: setMode("approve") signs without a prompt; "reject" refuses with 4001', async () => {
    await page.evaluate(() => window.devWallet.setMode('approve'));
    const message = [...new TextEncoder().encode('scripted')];
    const { result } = (await call('solana:signMessage', 'signMessage', { account: 'connected', message })) as { result: { signature: number[] }[] };
    assert.ok(ed25519.verify(new Uint8Array(result[0]!.signature), new Uint8Array(message), ACCOUNT_0.publicKey));
    await page.evaluate(() => window.devWallet.setMode('reject'));
    assert.deepEqual(await call('solana:signMessage', 'signMessage', { account: 'connected', message }), {
      error: { code: 4001, message: 'User rejected the request.' },
    });
    await page.evaluate(() => window.devWallet.setMode('prompt'));
  });

  it('a script can answer the prompt: devWallet.approve()', async () => {
    const key = await start('solana:signMessage', 'signMessage', { account: 'connected', message: [104, 105] });
    await page.evaluate(() => window.devWallet.approve());
    const { result } = (await settle(key)) as { result: { signature: number[] }[] };
    assert.ok(ed25519.verify(new Uint8Array(result[0]!.signature), new Uint8Array([104, 105]), ACCOUNT_0.publicKey));
  });

  it('setAccount(1) changes the account (change event); the old account is refused with 4100', async () => {
    await page.evaluate(() => window.__changes.splice(0));
    const before = await page.evaluate(() => window.__standard()!.accounts[0]!.address);
    await page.evaluate(() => window.devWallet.solana!.setAccount(1));
    assert.deepEqual(await page.evaluate(() => window.__changes), [{ accounts: [ACCOUNT_1.address] }]);
    assert.equal(before, ACCOUNT_0.address);
    const stale = await page.evaluate(async (old) => {
      const wallet = window.__standard()!;
      try {
        await (wallet.features['solana:signMessage'] as { signMessage(i: unknown): Promise<unknown> }).signMessage({
          account: { address: old, publicKey: new Uint8Array(32), chains: [], features: [] },
          message: new Uint8Array([1]),
        });
        return 'signed';
      } catch (e) {
        return (e as { code: number }).code;
      }
    }, ACCOUNT_0.address);
    assert.equal(stale, 4100);
  });

  it('disconnect (site side) forgets the grant: no accounts, a change event, silent connect finds nothing after reload', async () => {
    await page.evaluate(() => window.__changes.splice(0));
    assert.deepEqual(await call('standard:disconnect', 'disconnect'), { result: undefined });
    assert.deepEqual(await page.evaluate(() => ({ accounts: window.__standard()!.accounts.length, changes: window.__changes })), {
      accounts: 0,
      changes: [{ accounts: [] }],
    });
    await load();
    assert.deepEqual(await call('standard:connect', 'connect', { silent: true }), { result: { accounts: [] } });
    assert.deepEqual(pageErrors, []);
  });

  it('uninstall(): the wallet stays listed (no wallet-side unregister) with no accounts, and its features fail with 4900', async () => {
    assert.deepEqual(await call('standard:connect', 'connect', { silent: true }), { result: { accounts: [] } });
    await page.evaluate(() => window.devWallet.setMode('approve'));
    assert.deepEqual(await call('standard:connect', 'connect'), { result: { accounts: [ACCOUNT_1.address] } });
    await page.evaluate(() => window.__changes.splice(0));
    await page.evaluate(() => window.devWallet.uninstall());
    assert.deepEqual(await page.evaluate(() => ({ listed: Boolean(window.__standard()), accounts: window.__standard()!.accounts.length, changes: window.__changes })), {
      listed: true,
      accounts: 0,
      changes: [{ accounts: [] }],
    });
    assert.deepEqual(await call('standard:connect', 'connect', { silent: true }), {
      error: { code: 4900, message: 'The Provider is disconnected from all chains.' },
    });
  });
});
