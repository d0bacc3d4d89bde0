// End-to-end test of the dev wallet alone: real anvil chains, a strict-CSP page, real Chromium.
// The tests share one page and run in order (each builds on the wallet state the previous one left).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { stringToHex, verifyMessage, verifyTypedData } from 'viem';
import type { DevWallet, EIP6963ProviderDetail } from '../../demo/dev-wallet/index.js';
import { bundleDevWallet, launchChromium, rpc, servePage, startAnvil, type Anvil, type TestServer } from './harness.js';

declare global {
  interface Window {
    devWallet: DevWallet;
    __announced: EIP6963ProviderDetail[];
    __events: { name: string; payload: unknown }[];
    __calls: Record<string, Promise<Outcome>>;
    __reportViolation(v: string): void;
  }
}

type Outcome = { result?: unknown; error?: { code: number; message: string } };

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ONE_ETH = 10n ** 18n;
const PROMPT = 'dev-wallet-prompt';

let anvilA: Anvil;
let anvilB: Anvil;
let server: TestServer;
let browser: Browser;
let page: Page;
const violations: string[] = [];
/** Called after each violation the page reports. */
let violationReported: (() => void) | undefined;
const consoleErrors: string[] = [];

/** Sends a request from the page and waits for its outcome. */
const call = (method: string, params?: unknown): Promise<Outcome> =>
  page.evaluate(
    async ([m, p]) => {
      try {
        return { result: await window.devWallet.provider.request({ method: m as string, params: p as unknown[] }) };
      } catch (e) {
        return { error: { code: (e as { code: number }).code, message: (e as Error).message } };
      }
    },
    [method, params] as const,
  );

/** Sends a request from the page without waiting; `settle(key)` waits for it. */
const start = (method: string, params?: unknown): Promise<string> =>
  page.evaluate(
    ([m, p]) => {
      const key = `call-${Object.keys((window.__calls ??= {})).length}`;
      window.__calls[key] = window.devWallet.provider
        .request({ method: m as string, params: p as unknown[] })
        .then((result) => ({ result }), (e) => ({ error: { code: e.code, message: e.message } }));
      return key;
    },
    [method, params] as const,
  );
const settle = (key: string) => page.evaluate((k) => window.__calls[k]!, key);

const takeEvents = () => page.evaluate(() => window.__events.splice(0));
const lastLog = () => page.evaluate(() => window.devWallet.log.at(-1));
const balance = async (url: string, address: string) => BigInt((await rpc(url, 'eth_getBalance', [address, 'latest'])) as string);

async function load() {
  await page.goto(server.url);
  await page.waitForSelector('html[data-ready="true"]');
}

describe('dev wallet (EIP-6963 + EIP-1193) in Chromium under a strict CSP', () => {
  before(async () => {
    const [a, b, bundle] = await Promise.all([startAnvil(31337), startAnvil(31338), bundleDevWallet()]);
    anvilA = a;
    anvilB = b;
    server = await servePage(bundle, { chains: [{ chainId: 31337, rpcUrl: anvilA.url, name: 'Anvil A' }] }, [a.url, b.url]);
    browser = await launchChromium();
    page = await browser.newPage();
    page.setDefaultTimeout(5000);
    await page.exposeFunction('__reportViolation', (v: string) => { violations.push(v); violationReported?.(); });
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__reportViolation(`${e.effectiveDirective} blocked ${e.blockedURI} ${e.sample}`),
      ),
    );
    page.on('console', (m) => (m.type() === 'error' ? consoleErrors.push(m.text()) : undefined));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    await load();
  });

  after(async () => {
    await browser?.close();
    server?.server.close();
    await Promise.all([anvilA, anvilB].map((anvil) => anvil?.stop()));
  });

  it('announces itself at install and on every eip6963:requestProvider', async () => {
    const seen = await page.evaluate(async () => {
      const got: EIP6963ProviderDetail[] = [];
      window.addEventListener('eip6963:announceProvider', (e) => got.push((e as CustomEvent).detail));
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      const [detail] = got;
      const icon = new Image();
      icon.src = detail!.info.icon;
      await icon.decode();
      return {
        count: got.length,
        info: { ...detail!.info },
        frozen: Object.isFrozen(detail),
        // the page's own listener saw the announce at install, then this one
        sameAsInstall: window.__announced.length === 2 && window.__announced[0] === detail && window.__announced[1] === detail,
        isDevWallet: detail!.provider.isDevWallet,
        sameProvider: detail!.provider === window.devWallet.provider,
        iconWidth: icon.naturalWidth,
        legacy: 'ethereum' in window,
      };
    });
    assert.equal(seen.count, 1);
    assert.equal(seen.info.name, 'Dev Wallet');
    assert.equal(seen.info.rdns, 'dev.wallet-connect-modal.devwallet');
    assert.match(seen.info.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(seen.info.icon.startsWith('data:image/svg+xml;base64,'), seen.info.icon);
    assert.ok(seen.iconWidth > 0, 'the icon decodes as an image');
    assert.deepEqual(
      { frozen: seen.frozen, sameAsInstall: seen.sameAsInstall, isDevWallet: seen.isDevWallet, sameProvider: seen.sameProvider, legacy: seen.legacy },
      { frozen: true, sameAsInstall: true, isDevWallet: true, sameProvider: true, legacy: false },
    );
  });

  it('exposes no account before the site connects, without prompting', async () => {
    assert.deepEqual(await call('eth_accounts'), { result: [] });
    assert.deepEqual(await call('eth_chainId'), { result: '0x7a69' });
    assert.deepEqual(await call('net_version'), { result: '31337' });
    assert.equal(await page.locator(PROMPT).count(), 0);
    assert.deepEqual(await page.evaluate(() => window.devWallet.log.map((e) => e.outcome)), ['auto', 'auto', 'auto']);
  });

  it('eth_requestAccounts shows a prompt at the bottom left; Approve connects account #0', async () => {
    const key = await start('eth_requestAccounts');
    const item = page.locator(`${PROMPT} li[data-kind="connect"]`);
    await item.waitFor();
    const port = new URL(server.url).port;
    assert.equal(await item.locator('.summary').textContent(), `Connect to 127.0.0.1:${port}`);
    assert.equal(await page.locator(`${PROMPT} h2`).textContent(), 'Dev Wallet');
    assert.deepEqual(await page.evaluate(() => window.devWallet.pending()), [
      { id: 1, kind: 'connect', method: 'eth_requestAccounts', params: undefined, summary: `Connect to 127.0.0.1:${port}` },
    ]);
    const ui = await page.evaluate((tag) => {
      const root = document.querySelector(tag)!.shadowRoot!;
      const box = root.querySelector('dialog')!.getBoundingClientRect();
      return {
        mode: root.mode,
        sheets: root.adoptedStyleSheets.length,
        styleElements: root.querySelectorAll('style, [style]').length,
        position: getComputedStyle(root.querySelector('dialog')!).position,
        left: box.left,
        bottomGap: innerHeight - box.bottom,
        rightEdge: box.right < innerWidth / 2 + 220,
      };
    }, PROMPT);
    assert.deepEqual(ui, { mode: 'open', sheets: 1, styleElements: 0, position: 'fixed', left: 16, bottomGap: 16, rightEdge: true });

    await page.locator(`${PROMPT} button[data-action="approve"]`).click();
    assert.deepEqual(await settle(key), { result: [ACCOUNT_0] });
    assert.deepEqual(await takeEvents(), [
      { name: 'connect', payload: { chainId: '0x7a69' } },
      { name: 'accountsChanged', payload: [ACCOUNT_0] },
    ]);
    assert.equal(await page.locator(PROMPT).count(), 0, 'the prompt is removed once nothing is pending');
    assert.deepEqual(await lastLog(), { method: 'eth_requestAccounts', params: undefined, outcome: 'approved' });
    const stored = await page.evaluate(() => localStorage.getItem('dev-wallet:v1'));
    assert.deepEqual(JSON.parse(stored!), { v: 1, authorized: true, chainId: 31337, accountIndex: 0, addedChains: [] });
  });

  it('after a reload, eth_accounts restores the account and nothing prompts', async () => {
    await load();
    assert.deepEqual(await call('eth_accounts'), { result: [ACCOUNT_0] });
    assert.deepEqual(await call('eth_requestAccounts'), { result: [ACCOUNT_0] });
    assert.deepEqual(await page.evaluate(() => window.devWallet.log), [
      { method: 'eth_accounts', params: undefined, outcome: 'auto' },
      { method: 'eth_requestAccounts', params: undefined, outcome: 'auto' },
    ]);
    assert.equal(await page.locator(PROMPT).count(), 0);
    assert.deepEqual(await takeEvents(), []);
  });

  it('lists concurrent prompts; approve(id) and Reject answer each one (Reject gives 4001)', async () => {
    const first = await start('personal_sign', [stringToHex('first'), ACCOUNT_0]);
    const second = await start('personal_sign', [stringToHex('second'), ACCOUNT_0]);
    await page.locator(`${PROMPT} li`).nth(1).waitFor();
    assert.deepEqual(await page.locator(`${PROMPT} li .summary`).allTextContents(), ['Sign message: first', 'Sign message: second']);
    const ids = await page.evaluate(() => window.devWallet.pending().map((p) => [p.id, p.kind]));
    assert.deepEqual(ids.map(([, kind]) => kind), ['sign', 'sign']);

    await page.evaluate((id) => window.devWallet.approve(id), ids[1]![0] as number);
    const signed = await settle(second);
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message: 'second', signature: signed.result as `0x${string}` }), true);

    await page.locator(`${PROMPT} li[data-kind="sign"] button[data-action="reject"]`).click();
    assert.deepEqual(await settle(first), { error: { code: 4001, message: 'User rejected the request.' } });
    assert.deepEqual(await lastLog(), {
      method: 'personal_sign',
      params: [stringToHex('first'), ACCOUNT_0],
      outcome: 'rejected',
      error: { code: 4001, message: 'User rejected the request.' },
    });
    assert.equal(await page.locator(PROMPT).count(), 0);
  });

  it('personal_sign and eth_signTypedData_v4 signatures verify (keyboard approval)', async () => {
    const message = 'Hello from the dev wallet ✓\nline two';
    const key = await start('personal_sign', [stringToHex(message), ACCOUNT_0]);
    await page.locator(`${PROMPT} li[data-kind="sign"]`).waitFor();
    assert.equal(await page.locator(`${PROMPT} .summary`).textContent(), `Sign message: ${message}`);
    // Reject has the initial focus (a stray Enter never approves); Tab reaches Approve.
    const focused = () => page.evaluate((tag) => document.querySelector(tag)!.shadowRoot!.activeElement?.getAttribute('data-action'), PROMPT);
    assert.equal(await focused(), 'reject');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'approve');
    await page.keyboard.press('Enter');
    const { result: signature } = await settle(key);
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message, signature: signature as `0x${string}` }), true);
    assert.equal(await verifyMessage({ address: ACCOUNT_1, message, signature: signature as `0x${string}` }), false);

    const typed = {
      domain: { name: 'Dev Wallet Test', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: ACCOUNT_1, contents: 'gm' },
    } as const;
    const typedKey = await start('eth_signTypedData_v4', [ACCOUNT_0, JSON.stringify(typed)]);
    await page.evaluate(() => window.devWallet.approve());
    const { result: typedSignature } = await settle(typedKey);
    assert.equal(await page.evaluate(() => window.devWallet.log.at(-1)!.outcome), 'approved');
    const { EIP712Domain: _domain, ...types } = typed.types;
    assert.equal(
      await verifyTypedData({ address: ACCOUNT_0, domain: typed.domain, types, primaryType: 'Mail', message: typed.message, signature: typedSignature as `0x${string}` }),
      true,
    );
  });

  it('switching to an unknown chain gives 4902; wallet_addEthereumChain adds it and switches', async () => {
    assert.deepEqual(await call('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]), {
      error: { code: 4902, message: 'Unrecognized chain ID "0x7a6a". Try adding the chain using wallet_addEthereumChain first.' },
    });
    assert.equal((await call('wallet_addEthereumChain', [{ chainId: '0x7a6a', rpcUrls: [] }])).error?.code, -32602);
    assert.equal((await call('wallet_switchEthereumChain', [{ chainId: 31338 }])).error?.code, -32602);

    const key = await start('wallet_addEthereumChain', [{ chainId: '0x7a6a', chainName: 'Anvil B', rpcUrls: [anvilB.url] }]);
    const item = page.locator(`${PROMPT} li[data-kind="add-chain"]`);
    await item.waitFor();
    assert.equal(await item.locator('.summary').textContent(), `Add network "Anvil B" (chain 31338, ${anvilB.url})`);
    await item.locator('button[data-action="approve"]').click();
    assert.deepEqual(await settle(key), { result: null });
    assert.deepEqual(await takeEvents(), [{ name: 'chainChanged', payload: '0x7a6a' }]);
    assert.deepEqual(await call('eth_chainId'), { result: '0x7a6a' });
    // Reads now go to chain B's node: give the account a balance only B has.
    await rpc(anvilB.url, 'anvil_setBalance', [ACCOUNT_0, '0x1234']);
    assert.deepEqual(await call('eth_getBalance', [ACCOUNT_0, 'latest']), { result: '0x1234' });
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('dev-wallet:v1')))!);
    assert.deepEqual(stored.addedChains, [{ chainId: 31338, rpcUrl: anvilB.url, name: 'Anvil B' }]);

    const back = await start('wallet_switchEthereumChain', [{ chainId: '0x7a69' }]);
    await page.locator(`${PROMPT} li[data-kind="switch"]`).waitFor();
    assert.deepEqual(await page.evaluate(() => window.devWallet.pending().map((p) => p.summary)), ['Switch to chain 31337 (Anvil A)']);
    await page.evaluate(() => window.devWallet.approve());
    assert.deepEqual(await settle(back), { result: null });
    assert.deepEqual(await takeEvents(), [{ name: 'chainChanged', payload: '0x7a69' }]);
    assert.equal(await page.evaluate(() => window.devWallet.chainId), 31337);
  });

  it('eth_sendTransaction of 1 ETH to account #1 lands on anvil (approve mode)', async () => {
    await page.evaluate(() => window.devWallet.setMode('approve'));
    const before = await balance(anvilA.url, ACCOUNT_1);
    const { result: hash } = await call('eth_sendTransaction', [{ from: ACCOUNT_0, to: ACCOUNT_1, value: '0xde0b6b3a7640000' }]);
    assert.match(hash as string, /^0x[0-9a-f]{64}$/);
    const receipt = (await rpc(anvilA.url, 'eth_getTransactionReceipt', [hash])) as { status: string; from: string; to: string };
    assert.deepEqual(
      { status: receipt.status, from: receipt.from, to: receipt.to },
      { status: '0x1', from: ACCOUNT_0.toLowerCase(), to: ACCOUNT_1.toLowerCase() },
    );
    assert.equal((await balance(anvilA.url, ACCOUNT_1)) - before, ONE_ETH);
    assert.equal(await page.evaluate(() => window.devWallet.log.at(-1)!.outcome), 'approved');
    assert.equal(await page.locator(PROMPT).count(), 0, 'approve mode shows no prompt');

    await page.evaluate(() => window.devWallet.setMode('reject'));
    assert.equal((await call('eth_sendTransaction', [{ from: ACCOUNT_0, to: ACCOUNT_1, value: '0x1' }])).error?.code, 4001);
    await page.evaluate(() => window.devWallet.setMode('prompt'));
  });

  it('answers unsupported methods with 4200 and forwards node errors with their code', async () => {
    assert.equal((await call('eth_sign', [ACCOUNT_0, '0xdead'])).error?.code, 4200);
    assert.equal((await call('wallet_watchAsset', [{}])).error?.code, 4200);
    assert.deepEqual(await call('foo_bar', []), { error: { code: -32601, message: 'Method not found' } });
    assert.equal((await call('eth_sendTransaction', [{ from: ACCOUNT_1, to: ACCOUNT_0 }])).error?.code, 4100);
  });

  it('wallet-side setAccount, switchChain and disconnect emit the EIP-1193 events', async () => {
    await page.evaluate(() => window.devWallet.setAccount(1));
    assert.deepEqual(await takeEvents(), [{ name: 'accountsChanged', payload: [ACCOUNT_1] }]);
    assert.deepEqual(await call('eth_accounts'), { result: [ACCOUNT_1] });
    await page.evaluate(() => window.devWallet.setAccount(0));
    assert.deepEqual(await takeEvents(), [{ name: 'accountsChanged', payload: [ACCOUNT_0] }]);

    await page.evaluate(() => window.devWallet.switchChain(1));
    assert.deepEqual(await takeEvents(), [{ name: 'chainChanged', payload: '0x1' }]);
    assert.deepEqual(await call('eth_chainId'), { result: '0x1' });
    assert.equal((await call('eth_blockNumber')).error?.code, 4901, 'no RPC URL for chain 1');
    await page.evaluate(() => window.devWallet.switchChain(31337));
    await takeEvents();

    await page.evaluate(() => window.devWallet.disconnect());
    assert.deepEqual(await takeEvents(), [
      { name: 'accountsChanged', payload: [] },
      { name: 'disconnect', payload: { code: 4900, message: 'The Provider is disconnected from all chains.' } },
    ]);
    assert.deepEqual(await call('eth_accounts'), { result: [] });
    assert.deepEqual(await call('personal_sign', [stringToHex('x'), ACCOUNT_0]), {
      error: { code: 4100, message: 'The requested account and/or method has not been authorized by the user.' },
    });
  });

  it('wallet_requestPermissions / getPermissions / revokePermissions', async () => {
    await page.evaluate(() => window.devWallet.setMode('approve'));
    const granted = (await call('wallet_requestPermissions', [{ eth_accounts: {} }])).result as { parentCapability: string; caveats: unknown }[];
    assert.deepEqual(
      granted.map((p) => [p.parentCapability, p.caveats]),
      [['eth_accounts', [{ type: 'restrictReturnedAccounts', value: [ACCOUNT_0] }]]],
    );
    assert.equal(((await call('wallet_getPermissions')).result as unknown[]).length, 1);
    await takeEvents();
    assert.deepEqual(await call('wallet_revokePermissions', [{ eth_accounts: {} }]), { result: null });
    assert.deepEqual(await takeEvents(), [{ name: 'accountsChanged', payload: [] }]);
    assert.deepEqual(await call('wallet_getPermissions'), { result: [] });
    assert.equal(JSON.parse((await page.evaluate(() => localStorage.getItem('dev-wallet:v1')))!).authorized, false);
  });

  it('uninstall stops announcing and removes window.devWallet', async () => {
    const after = await page.evaluate(() => {
      window.devWallet.uninstall();
      let count = 0;
      window.addEventListener('eip6963:announceProvider', () => count++);
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      return { count, exposed: 'devWallet' in window };
    });
    assert.deepEqual(after, { count: 0, exposed: false });
  });

  it('caused no CSP violation and no console error (and the detector works)', async () => {
    assert.deepEqual(violations, []);
    assert.deepEqual(consoleErrors, []);
    const reported = new Promise<void>((resolve, reject) => {
      violationReported = resolve;
      setTimeout(() => reject(new Error('no violation reported within 5 s')), 5000).unref();
    });
    await page.evaluate(() => document.body.setAttribute('style', 'color: red'));
    await reported;
    assert.equal(violations.length, 1, 'an inline style attribute is reported as a violation');
    assert.match(violations[0]!, /^style-src-attr/);
  });
});
