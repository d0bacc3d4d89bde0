// Send on Solana end to end: the demo page with the local Solana chain, the dev wallet's Wallet
// Standard side signing and sending, the chain's balances read before and after.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Keypair } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { readSolBalance, solanaRpc } from '../../src/services/solana-rpc.js';
import { events, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent } from './harness.js';
import { chooseToken } from './send-support.js';

const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

describe('Send on Solana against the local Solana chain, signed and sent by the dev wallet (Wallet Standard)', () => {
  const e2e = useE2E();
  const rpc = () => solanaRpc(e2e.stack.solana.rpcUrl);

  /**
   * The demo page with the local Solana chain among its networks and its RPC in rpc-urls (so the dev wallet's
   * Solana side gets it too), as a site owner would write the page; nothing changes when the demo has it already.
   */
  async function openWithSolana(): Promise<Page> {
    const { page, context } = await e2e.open();
    const { chainId, rpcUrl } = e2e.stack.solana;
    // Before the demo's own script reads them (it gives the dev wallet the Solana RPC from rpc-urls), as if
    // the page were written so; an init script, so the page stays the one the server sent (its address space, its CSP).
    // (A string: tsx would wrap named functions in a helper the page does not have.)
    await context.addInitScript(`new MutationObserver((records, observer) => {
      for (const node of records.flatMap((r) => [...r.addedNodes])) {
        if (!(node instanceof Element) || node.localName !== 'wallet-connect-modal') continue;
        observer.disconnect();
        const networks = node.getAttribute('networks') ?? '';
        if (networks.split(',').some((n) => n.trim().startsWith('solana:'))) return;
        node.setAttribute('networks', networks + ',' + ${JSON.stringify(chainId)});
        node.setAttribute('rpc-urls', JSON.stringify({ ...JSON.parse(node.getAttribute('rpc-urls') ?? '{}'), ${JSON.stringify(chainId)}: ${JSON.stringify(rpcUrl)} }));
      }
    }).observe(document, { childList: true, subtree: true });`);
    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined && 'devWallet' in window);
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ namespace: 'solana' }));
    await inModal(page, '[data-wallet-id^="solana:"]').first().click();
    await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.namespace === 'solana');
    return page;
  }

  /** Account → Send → token, amount, receiver → Review. */
  async function review(page: Page, tokenKey: string, amount: string, receiver: string): Promise<void> {
    await openModal(page);
    await inModal(page, '[data-action="send"]').click();
    await chooseToken(page, tokenKey);
    await inModal(page, 'input[name="amount"]').fill(amount);
    await inModal(page, 'input[name="receiver"]').fill(receiver);
    await inModal(page, 'button[type="submit"]').click();
    await inModal(page, '[part="title"]:has-text("Review Send")').waitFor();
    await inModal(page, '.review-list [data-fee]').waitFor();
  }
  const answerSend = (page: Page, action: 'approve' | 'reject') => page.locator(`dev-wallet-prompt [data-kind="send"] [data-action="${action}"]`).click();
  const lamports = (address: string) => readSolBalance(e2e.stack.solana.rpcUrl, address);
  /** The token amount (base units) `owner` holds of `mint` in its associated token account; undefined when it has none. */
  async function tokenBalance(owner: string, mint: string): Promise<bigint | undefined> {
    const answer = (await rpc()('getTokenAccountsByOwner', [owner, { mint }, { encoding: 'jsonParsed' }])) as { value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] };
    return answer.value.length === 0 ? undefined : answer.value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n);
  }

  it('SOL to a new address: review with the chain\'s fee, pending → confirmed with the base58 signature, explorer link; the chain moves by exactly amount (+ fee)', async () => {
    const page = await openWithSolana();
    const { chainId, rpcUrl } = e2e.stack.solana;
    const dev = e2e.stack.solana.seeded!.accounts[0]!;
    const to = Keypair.generate().publicKey.toBase58();
    await review(page, `${chainId}:native`, '0.5', to);
    assert.equal(await inModal(page, '.review-amount').textContent(), '0.5 SOL');
    assert.equal(await inModal(page, '[data-network]').textContent(), 'Solana Local');
    assert.equal(await inModal(page, '[data-to]').getAttribute('data-to'), to);
    assert.equal(await inModal(page, '[data-fee]').getAttribute('data-fee'), '5000', 'the fee the chain states for the message');
    assert.equal(await inModal(page, '[data-fee]').textContent(), '0.000005 SOL');
    assert.equal(await inModal(page, '[data-total]').textContent(), '0.500005 SOL');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Solana SendReview');
    const before = await lamports(dev);

    await inModal(page, '[data-action="confirm-send"]').click();
    await answerSend(page, 'approve');
    const pending = (await waitForEvent(page, 'wallet-transaction')) as { hash: string };
    assert.match(pending.hash, /^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'the base58 signature');
    assert.deepEqual(pending, { status: 'pending', hash: pending.hash, chainId, kind: 'native-transfer' });
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash: pending.hash, chainId, kind: 'native-transfer' });
    await inModal(page, '.send-result[data-status="confirmed"]').waitFor();
    assert.equal(await inModal(page, '.send-result .status').textContent(), 'Transaction confirmed');
    assert.equal(await inModal(page, '.send-result [data-hash]').getAttribute('data-hash'), pending.hash);
    assert.equal(await inModal(page, '.send-result a[data-explorer]').getAttribute('href'), `https://explorer.solana.com/tx/${pending.hash}?cluster=custom&customUrl=${encodeURIComponent(rpcUrl)}`);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Solana SendResult');

    assert.equal(await lamports(to), 500_000_000n, 'the receiver got exactly the amount');
    assert.equal(before - (await lamports(dev)), 500_000_000n + 5_000n, 'the sender paid exactly amount + fee');
    // Balances and activity refresh: the Account view shows the chain's new balance, Activity the transfer first.
    await inModal(page, '[data-action="done"]').click();
    await page.waitForFunction(
      async (expected) => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelector('[part="balance"] [data-balance]')?.getAttribute('data-balance') === expected,
      String(await lamports(dev)),
    );
    await inModal(page, `.activity-list [data-explorer-link][href*="${pending.hash}"]`).first().waitFor();
    assert.equal(await inModal(page, '.activity-list [data-amount]').first().textContent(), '−0.5 SOL');
  });

  it('USDS to a new address: the receiver\'s token account is created, the review says so with its deposit; the chain moves by exactly the amount', async () => {
    const page = await openWithSolana();
    const { chainId } = e2e.stack.solana;
    const dev = e2e.stack.solana.seeded!.accounts[0]!;
    const usds = e2e.stack.solana.seeded!.usdToken;
    const to = Keypair.generate().publicKey.toBase58();
    await review(page, `${chainId}:${usds}`, '12.5', to);
    const deposit = BigInt((await rpc()('getMinimumBalanceForRentExemption', [165])) as number);
    assert.equal(await inModal(page, '[data-fee]').getAttribute('data-deposit'), String(deposit));
    assert.equal(await inModal(page, '[data-fee]').textContent(), '0.000005 SOL + 0.00203928 SOL deposit to open the receiver’s token account');
    assert.equal(await inModal(page, '[data-total]').textContent(), '12.5 USDS + 0.00204428 SOL');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Solana SendReview with a deposit');
    const [solBefore, usdsBefore] = [await lamports(dev), await tokenBalance(dev, usds)];
    assert.equal(await tokenBalance(to, usds), undefined, 'the receiver has no USDS account yet');

    await inModal(page, '[data-action="confirm-send"]').click();
    await answerSend(page, 'approve');
    const pending = (await waitForEvent(page, 'wallet-transaction')) as { hash: string };
    assert.deepEqual(pending, { status: 'pending', hash: pending.hash, chainId, kind: 'spl-transfer' });
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash: pending.hash, chainId, kind: 'spl-transfer' });
    await inModal(page, '.send-result[data-status="confirmed"]').waitFor();
    assert.equal(await inModal(page, '.send-result .review-amount').textContent(), '12.5 USDS');

    assert.equal(await tokenBalance(to, usds), 12_500_000n, 'the new token account holds exactly the amount');
    assert.equal(usdsBefore! - (await tokenBalance(dev, usds))!, 12_500_000n);
    assert.equal(solBefore - (await lamports(dev)), 5_000n + deposit, 'SOL: exactly the fee and the deposit');
    const tx = (await rpc()('getTransaction', [pending.hash, { encoding: 'json' }])) as { transaction: { message: { accountKeys: string[]; instructions: { programIdIndex: number; data: string }[] } } };
    const { accountKeys, instructions } = tx.transaction.message;
    assert.deepEqual(instructions.map((i) => accountKeys[i.programIdIndex]), [ATA_PROGRAM, TOKEN_PROGRAM], 'ATA creation, then the transfer');
  });

  it('rejected in the wallet: the review says so, nothing is sent; then sent on retry, once', async () => {
    const page = await openWithSolana();
    const { chainId } = e2e.stack.solana;
    const to = Keypair.generate().publicKey.toBase58();
    await review(page, `${chainId}:native`, '0.25', to);
    await inModal(page, '[data-action="confirm-send"]').click();
    await answerSend(page, 'reject');
    const error = await waitForEvent(page, 'wallet-error');
    assert.deepEqual(error, { code: 'USER_REJECTED', message: 'Request rejected' });
    await inModal(page, '.send-review [role="alert"]').waitFor();
    assert.equal(await inModal(page, '.send-review [role="alert"]').textContent(), 'Request rejected');
    assert.equal((await events(page, 'wallet-transaction')).length, 0);
    assert.equal(await lamports(to), 0n);

    await inModal(page, '[data-action="confirm-send"]').click();
    await answerSend(page, 'approve');
    const { hash } = (await waitForEvent(page, 'wallet-transaction', 1)) as { hash: string };
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash, chainId, kind: 'native-transfer' });
    assert.equal(await lamports(to), 250_000_000n);
  });

  it('the Send form on Solana: an invalid or own address, too much, too little for a new account, each with its message; Max leaves the fee and the account minimum', async () => {
    const page = await openWithSolana();
    const { chainId } = e2e.stack.solana;
    const dev = e2e.stack.solana.seeded!.accounts[0]!;
    await openModal(page);
    await inModal(page, '[data-action="send"]').click();
    assert.equal(await inModal(page, 'input[name="receiver"]').getAttribute('placeholder'), 'Solana address');
    await chooseToken(page, `${chainId}:native`);
    const submit = () => inModal(page, 'button[type="submit"]').click();
    const message = async (field: string) => { await inModal(page, `#send-${field}-error`).waitFor(); return inModal(page, `#send-${field}-error`).textContent(); };

    await inModal(page, 'input[name="amount"]').fill('0.1');
    await inModal(page, 'input[name="receiver"]').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await submit();
    assert.equal(await message('receiver'), 'Enter a valid Solana address');
    await inModal(page, 'input[name="receiver"]').fill(dev);
    await submit();
    assert.equal(await message('receiver'), 'This is your own address: sending to yourself only costs a network fee');
    await inModal(page, 'input[name="receiver"]').fill(Keypair.generate().publicKey.toBase58());
    await inModal(page, 'input[name="amount"]').fill('100000');
    await submit();
    assert.equal(await message('amount'), 'Insufficient SOL balance');
    await inModal(page, 'input[name="amount"]').fill('0.0001');
    await submit();
    assert.equal(await message('amount'), 'A new Solana account needs at least 0.00089088 SOL: send that much or more');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Solana Send with messages');
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Send');

    // Max: the balance less the chain's fee and the account's own minimum (rent exemption of a plain account), exactly.
    const keep = BigInt((await rpc()('getMinimumBalanceForRentExemption', [0])) as number);
    const balance = await lamports(dev);
    await inModal(page, '[data-action="max"]').click();
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelector<HTMLInputElement>('#send-amount')!.value !== '0.0001');
    const shown = (await inModal(page, 'input[name="amount"]').inputValue()).replaceAll(',', '');
    const [whole, fraction = ''] = shown.split('.');
    assert.equal(BigInt(whole!) * 10n ** 9n + BigInt(fraction.padEnd(9, '0')), balance - 5_000n - keep, `Max ${shown}`);
    await submit();
    await inModal(page, '[part="title"]:has-text("Review Send")').waitFor();
    await inModal(page, '[data-total]').waitFor();
    assert.equal(BigInt((await inModal(page, '.review-amount').getAttribute('data-amount'))!), balance - 5_000n - keep);
  });

  it('a Solana transfer still pending at a reload is watched again when the modal opens: its wallet-transaction reaches the host', async () => {
    const page = await openWithSolana();
    const { chainId } = e2e.stack.solana;
    const { accounts, history } = e2e.stack.solana.seeded!;
    // The dev account's last seeded transfer (0.25 SOL to bob), stored as the widget stores a transfer it sent.
    const stored = { hash: history.at(-1)!.signature, chainId, from: accounts[0], kind: 'native-transfer', to: accounts[2], amount: '250000000', decimals: 9, symbol: 'SOL', submittedAt: Date.now() };
    await page.evaluate((tx) => localStorage.setItem('wallet-connect-modal:pending-transactions', JSON.stringify({ v: 1, data: [tx] })), stored);
    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined && 'devWallet' in window);
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.namespace === 'solana');
    assert.deepEqual(await events(page, 'wallet-transaction'), [], 'nothing read before the modal opens');
    await openModal(page);
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction'), { status: 'confirmed', hash: stored.hash, chainId, kind: 'native-transfer' });
    await page.waitForFunction(() => localStorage.getItem('wallet-connect-modal:pending-transactions') === null);
  });

  it('pinned: the wallet switches account between review and confirm: back to Send with the message, nothing asked of the wallet', async () => {
    const page = await openWithSolana();
    const { chainId } = e2e.stack.solana;
    const to = Keypair.generate().publicKey.toBase58();
    await review(page, `${chainId}:native`, '0.1', to);
    await page.evaluate('window.devWallet.solana.setAccount(1)');
    await inModal(page, '#send-error:has-text("The network or account changed. Review the transfer again.")').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Send');
    assert.deepEqual(await events(page, 'wallet-transaction'), []);
    const log = (await page.evaluate('window.devWallet.log.map((entry) => entry.method)')) as string[];
    assert.ok(!log.some((method) => method.startsWith('solana:sign')), `the wallet was not asked to sign (${log.join(', ')})`);
    assert.equal(await lamports(to), 0n);
  });

  it('closing is not cancelling: a Solana send approved after the modal closed is tracked and announced with a toast', async () => {
    const page = await openWithSolana();
    const { chainId } = e2e.stack.solana;
    const to = Keypair.generate().publicKey.toBase58();
    await review(page, `${chainId}:native`, '0.05', to);
    await inModal(page, '[data-action="confirm-send"]').click();
    await page.locator('dev-wallet-prompt [data-kind="send"]').waitFor();
    // The dev wallet's prompt makes the page inert for the pointer: press our ✕ from inside the page.
    await inModal(page, '[part="close-button"]').evaluate((button) => (button as HTMLButtonElement).click());
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.state.open);
    await answerSend(page, 'approve');
    const { hash } = (await waitForEvent(page, 'wallet-transaction')) as { hash: string };
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash, chainId, kind: 'native-transfer' });
    await inModal(page, '[part="toast"]:has-text("Transaction confirmed")').waitFor({ state: 'visible' });
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.state.open), false, 'the modal stays closed');
    assert.equal(await lamports(to), 50_000_000n);
  });

  it('without a Solana entry in rpc-urls, the fee, the transaction\'s reads and its outcome go through the wallet data API\'s RPC proxy', async () => {
    const page = await openWithSolana();
    const { chainId } = e2e.stack.solana;
    // The dev wallet keeps the RPC it was installed with; the widget loses its own entry.
    await page.evaluate((id) => {
      const el = document.querySelector('wallet-connect-modal')!;
      const urls = JSON.parse(el.getAttribute('rpc-urls') ?? '{}') as Record<string, string>;
      delete urls[id];
      el.setAttribute('rpc-urls', JSON.stringify(urls));
    }, chainId);
    const proxied: string[] = [];
    const proxy = new URL('v1', e2e.stack.apiUrl.endsWith('/') ? e2e.stack.apiUrl : `${e2e.stack.apiUrl}/`);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'POST' && url.origin === proxy.origin && url.pathname.replace(/\/$/, '') === proxy.pathname && url.searchParams.get('chainId') === chainId) {
        proxied.push((JSON.parse(request.postData() ?? '{}') as { method?: string }).method ?? '');
      }
    });
    const to = Keypair.generate().publicKey.toBase58();
    await review(page, `${chainId}:native`, '0.02', to);
    assert.equal(await inModal(page, '[data-fee]').getAttribute('data-fee'), '5000');
    await inModal(page, '[data-action="confirm-send"]').click();
    await answerSend(page, 'approve');
    const { hash } = (await waitForEvent(page, 'wallet-transaction')) as { hash: string };
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash, chainId, kind: 'native-transfer' });
    assert.equal(await lamports(to), 20_000_000n);
    for (const method of ['getFeeForMessage', 'getMinimumBalanceForRentExemption', 'getLatestBlockhash', 'getAccountInfo', 'getSignatureStatuses']) {
      assert.ok(proxied.includes(method), `${method} through the proxy (${proxied.join(', ')})`);
    }
  });
});
