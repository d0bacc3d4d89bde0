// Transactions with an email (embedded) wallet through the widget: the demo page with `auth-url` and
// `email` in features, a login by mailed code, then the host's getProvider('eip155') eth_sendTransaction, the
// widget's Send view, and a Solana transfer through getProvider('solana'): each shows ApproveTransaction with the
// secure frame inside the modal, and lands on the stack's chains only after Approve; Reject is 4001.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Connection, Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { parseEther, toHex, type Address, type Hex } from 'viem';
import { codeIn } from '../../devstack/mail-capture.js';
import { rpcCall } from '../../server/json-rpc.js';
import { ACCOUNT_1, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent } from './harness.js';
import { chooseToken } from './send-support.js';

describe('an email wallet signs transactions in the secure frame, through the widget', () => {
  const e2e = useE2E();
  const evmRpc = () => e2e.stack.chains[0]!.rpcUrl;

  /** The demo page with the email login on (auth-url = the stack's service), logged in as `email`. */
  async function loggedIn(email: string): Promise<{ page: Page; evm: Address; solana: string }> {
    const { page, context } = await e2e.open();
    const authUrl = e2e.stack.login.url;
    // As a site owner would write the page (a string: tsx would wrap named functions in a helper the page lacks).
    await context.addInitScript(`new MutationObserver((records, observer) => {
      for (const node of records.flatMap((r) => [...r.addedNodes])) {
        if (!(node instanceof Element) || node.localName !== 'wallet-connect-modal') continue;
        observer.disconnect();
        const features = (node.getAttribute('features') ?? '').split(',').filter(Boolean);
        if (!features.includes('email')) node.setAttribute('features', [...features, 'email'].join(','));
        if (!node.getAttribute('auth-url')) node.setAttribute('auth-url', ${JSON.stringify(authUrl)});
      }
    }).observe(document, { childList: true, subtree: true });`);
    await page.reload();
    await openModal(page);
    await inModal(page, '#auth-email').fill(email);
    const since = Date.now();
    await inModal(page, '[data-action="email-continue"]').click();
    const code = codeIn(await e2e.stack.login.mail!.waitFor(email, { since }))!;
    await inModal(page, '#auth-code').fill(code);
    if (await inModal(page, '[data-action="verify"]').isEnabled().catch(() => false)) await inModal(page, '[data-action="verify"]').click().catch(() => undefined);
    await waitForEvent(page, 'wallet-connect');
    const state = (await page.evaluate(() => document.querySelector('wallet-connect-modal')!.state)) as { connections: { namespace: string; address: string }[] };
    const evm = state.connections.find((c) => c.namespace === 'eip155')!.address as Address;
    const solana = state.connections.find((c) => c.namespace === 'solana')?.address ?? '';
    return { page, evm, solana };
  }

  // The frame stays where the widget put it in its shadow root (moving an iframe reloads it); ApproveTransaction
  // places it over its body.
  const approvalFrame = (page: Page) => page.frameLocator('wallet-connect-modal iframe[title="Secure wallet"]');
  const rowsOf = (page: Page): Promise<Record<string, string>> =>
    approvalFrame(page).locator('dl > div').evaluateAll((divs) => Object.fromEntries(divs.map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent])));
  const balance = (address: Address) => rpcCall<Hex>(evmRpc(), 'eth_getBalance', [address, 'latest']).then(BigInt);
  async function receipt(hash: Hex): Promise<{ status: Hex }> {
    for (let i = 0; i < 100; i++) {
      const found = await rpcCall<{ status: Hex } | null>(evmRpc(), 'eth_getTransactionReceipt', [hash]);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no receipt for ${hash}`);
  }

  it("host eth_sendTransaction: ApproveTransaction shows the frame's decoded transaction; Approve lands it, Reject is 4001", async () => {
    const { page, evm } = await loggedIn('host-tx@example.test');
    await rpcCall(evmRpc(), 'anvil_setBalance', [evm, toHex(parseEther('3'))]);
    const before = await balance(ACCOUNT_1 as Address);
    const request = (value: string) =>
      page.evaluate(
        ([from, to, v]) =>
          document
            .querySelector('wallet-connect-modal')!
            .getProvider('eip155')!
            .request({ method: 'eth_sendTransaction', params: [{ from, to, value: v }] })
            .then((result) => ({ result }), (error: { code?: number; message?: string }) => ({ error: { code: error.code, message: error.message } })),
        [evm, ACCOUNT_1, value] as const,
      );
    const sending = request(toHex(parseEther('0.75')));
    await inModal(page, '[data-view="ApproveTransaction"]').waitFor();
    await approvalFrame(page).getByRole('button', { name: 'Approve' }).waitFor();
    const { 'Network fee (at most)': fee, ...shown } = await rowsOf(page);
    assert.deepEqual(shown, { Network: 'Local Chain A', Action: 'Send', To: ACCOUNT_1, Amount: '0.75 ETH', From: evm });
    assert.match(fee ?? '', /^0\.0\d+ ETH$/);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe on ApproveTransaction');
    await approvalFrame(page).getByRole('button', { name: 'Approve' }).click();
    const { result } = (await sending) as { result: Hex };
    assert.equal((await receipt(result)).status, '0x1');
    assert.equal((await balance(ACCOUNT_1 as Address)) - before, parseEther('0.75'));

    const rejecting = request(toHex(parseEther('0.1')));
    await approvalFrame(page).getByRole('button', { name: 'Reject' }).click();
    assert.equal(((await rejecting) as { error: { code: number } }).error.code, 4001);
  });

  it('the frame sits on top of ApproveTransaction unfocused: clicks while the host made the frame transparent, or Enter typed by the host page, send nothing', async () => {
    const { page, evm } = await loggedIn('host-press@example.test');
    await rpcCall(evmRpc(), 'anvil_setBalance', [evm, toHex(parseEther('3'))]);
    const nonce = () => rpcCall<Hex>(evmRpc(), 'eth_getTransactionCount', [evm, 'latest']).then(BigInt);
    const sending = page.evaluate(
      ([from, to]) =>
        document
          .querySelector('wallet-connect-modal')!
          .getProvider('eip155')!
          .request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x1' }] })
          .then((result) => ({ result }), (error: { code?: number }) => ({ error: { code: error.code } })),
      [evm, ACCOUNT_1] as const,
    );
    const approveButton = approvalFrame(page).getByRole('button', { name: 'Approve' });
    await approveButton.waitFor();
    // Nothing in the modal covers the frame: Approve's centre hits the iframe.
    const box = (await approveButton.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.querySelector('wallet-connect-modal')!.shadowRoot!.elementFromPoint(x!, y!)?.localName, [box.x + box.width / 2, box.y + box.height / 2] as const);
    assert.equal(hit, 'iframe');
    assert.equal(await approveButton.evaluate((b) => b === document.activeElement), false, 'Approve is not focused');
    // The host page reaches into the open shadow root and makes the frame transparent, then the visitor clicks there.
    const frameOpacity = (value: string) => page.evaluate((v) => (document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelector('iframe')!.style.opacity = v), value);
    await frameOpacity('0');
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(await nonce(), 0n, 'nothing sent by clicks on the transparent frame');
    const waiting = new Promise((resolve) => setTimeout(() => resolve('waiting'), 100));
    assert.equal(await Promise.race([sending, waiting]), 'waiting');
    // Shown again: keys pressed by the page (focus is not in the frame) send nothing either.
    await frameOpacity('');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Enter');
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(await nonce(), 0n, 'nothing sent by Enter');
  });

  it('a Solana transfer through getProvider("solana").signAndSendTransaction lands on the Solana chain after Approve', async () => {
    const { page, solana } = await loggedIn('host-sol@example.test');
    assert.ok(solana, 'the email wallet has a Solana connection');
    const conn = new Connection(e2e.stack.solana.rpcUrl, 'confirmed');
    const airdrop = await conn.requestAirdrop(new PublicKey(solana), 1_000_000_000);
    await conn.confirmTransaction({ signature: airdrop, ...(await conn.getLatestBlockhash()) }, 'confirmed');
    const receiver = Keypair.fromSeed(new Uint8Array(32).fill(6)).publicKey;
    const payer = new PublicKey(solana);
    const message = new TransactionMessage({
      payerKey: payer,
      recentBlockhash: (await conn.getLatestBlockhash()).blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: receiver, lamports: 200_000_000 })],
    }).compileToV0Message();
    const wire = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');
    const sending = page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const provider = document.querySelector('wallet-connect-modal')!.getProvider('solana') as { signAndSendTransaction(bytes: Uint8Array): Promise<unknown> };
      return provider.signAndSendTransaction(bytes);
    }, wire);
    await inModal(page, '[data-view="ApproveTransaction"]').waitFor();
    await approvalFrame(page).getByRole('button', { name: 'Approve' }).waitFor();
    assert.deepEqual(await rowsOf(page), { Network: 'Solana Local', Action: 'Send', To: receiver.toBase58(), Amount: '0.2 SOL', From: solana, 'Network fee (at most)': '0.000005 SOL' });
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe on ApproveTransaction (Solana)');
    await approvalFrame(page).getByRole('button', { name: 'Approve' }).click();
    await sending;
    for (let i = 0; i < 100 && (await conn.getBalance(receiver)) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await conn.getBalance(receiver), 200_000_000);
  });

  it("the widget's Send view with an email wallet: Review, Send, ApproveTransaction in the frame, the ETH moves", async () => {
    const { page, evm } = await loggedIn('send-view@example.test');
    await rpcCall(evmRpc(), 'anvil_setBalance', [evm, toHex(parseEther('2'))]);
    const before = await balance(ACCOUNT_1 as Address);
    if (!(await inModal(page, 'dialog[open]').count())) await openModal(page);
    await inModal(page, '[data-action="send"]').click();
    await chooseToken(page, 'eip155:31337:native');
    await inModal(page, 'input[name="amount"]').fill('0.4');
    await inModal(page, 'input[name="receiver"]').fill(ACCOUNT_1);
    await inModal(page, 'button[type="submit"]').click();
    await inModal(page, '[part="title"]:has-text("Review Send")').waitFor();
    await inModal(page, '[data-action="confirm-send"]').click();
    await inModal(page, '[data-view="ApproveTransaction"]').waitFor();
    await approvalFrame(page).getByRole('button', { name: 'Approve' }).waitFor();
    const { 'Network fee (at most)': _fee, ...shown } = await rowsOf(page);
    assert.deepEqual(shown, { Network: 'Local Chain A', Action: 'Send', To: ACCOUNT_1, Amount: '0.4 ETH', From: evm });
    await approvalFrame(page).getByRole('button', { name: 'Approve' }).click();
    const pending = (await waitForEvent(page, 'wallet-transaction')) as { status: string; hash: Hex };
    assert.equal(pending.status, 'pending');
    assert.equal((await receipt(pending.hash)).status, '0x1');
    assert.equal((await balance(ACCOUNT_1 as Address)) - before, parseEther('0.4'));
  });
});
