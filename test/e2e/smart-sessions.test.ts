// Smart sessions end to end on the stack (bundler on Local Chain A): an email login on its smart account;
// the host asks (getProvider().request wallet_grantPermissions, ERC-7715) that its key may transfer up to 25 LUSD
// for an hour; the secure frame shows the site, the amount and the key, and Approve grants it on chain by a user
// operation. The site's key spends 5 LUSD by itself (its own user operation). SmartSessionList shows the session
// (site, allowance, spent, expiry) from the wallet data API; Revoke is signed in the frame (rejecting changes
// nothing), relayed by the API, and the key's next use is refused on chain. A failing API shows "Error fetching
// smart sessions" and Try again recovers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther, parseUnits, toHex, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createBundlerClient } from 'viem/account-abstraction';
import { toSessionAccount } from '../../server/aa/sessions.js';
import { rpcCall } from '../../server/json-rpc.js';
import { ACCOUNT_0, ACCOUNT_1, inModal, seriousA11yViolationsEverywhere, useE2E, widgetState } from './harness.js';
import { emailHelpers } from './email-support.js';

describe('smart sessions (ERC-7715): grant in the frame, list and revoke in the modal, enforced on chain', () => {
  const e2e = useE2E({ smartAccounts: { chainIds: [31337] } });
  const { logIn, frame } = emailHelpers(() => e2e.stack);
  const rpc = () => e2e.stack.chains[0]!.rpcUrl;
  const lusd = () => e2e.stack.seeded.find((s) => s.chainId === 31337)!.usdToken;
  const client = () => createPublicClient({ chain: { id: 31337, name: 'Local Chain A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc()] } } }, transport: http(rpc()), pollingInterval: 100 });
  const tokenBalance = (who: Address) => client().readContract({ address: lusd(), abi: erc20Abi, functionName: 'balanceOf', args: [who] });

  /** An email login on its smart account, funded with ETH (gas) and 100 LUSD. */
  async function smartLogin() {
    const { page } = await e2e.open();
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.setAttribute('default-account-type', 'smartAccount'));
    await logIn(page);
    const smart = (await widgetState(page)).connections.find((c) => c.namespace === 'eip155')!.address as Address;
    await rpcCall(rpc(), 'anvil_setBalance', [smart, toHex(parseEther('1'))]);
    const paid = await rpcCall<Hex>(rpc(), 'eth_sendTransaction', [{ from: ACCOUNT_0, to: lusd(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [smart, parseUnits('100', 6)] }) }]);
    await client().waitForTransactionReceipt({ hash: paid });
    return { page, smart };
  }

  /** The site's key spending as the session (its own user operation through the bundler): ok, or the refusal. */
  async function spendAsSession(key: ReturnType<typeof privateKeyToAccount>, account: Address, id: Hex, amount: bigint): Promise<string | undefined> {
    const factory = e2e.stack.smartAccounts.find((c) => c.chainId === 31337)!.smartAccountFactory;
    const session = await toSessionAccount({ client: client(), key, factory, account, id });
    const bundler = createBundlerClient({ account: session, client: client(), transport: http(e2e.stack.smartAccounts.find((c) => c.chainId === 31337)!.bundlerUrl), pollingInterval: 100 });
    try {
      const hash = await bundler.sendUserOperation({ calls: [{ to: lusd(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_1, amount] }) }] });
      const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 });
      return receipt.success ? undefined : 'reverted';
    } catch (error) {
      return (error as { details?: string }).details ?? String(error);
    }
  }

  it('grants a permission in the frame, lists it, and revokes it on chain', async () => {
    const { page, smart } = await smartLogin();
    const site = new URL(page.url()).origin;
    const key = privateKeyToAccount(generatePrivateKey());
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    const request = { chainId: '0x7a69', expiry, signer: { type: 'account', data: { address: key.address } }, permissions: [{ type: 'erc20-token-transfer', data: { address: lusd(), allowance: toHex(parseUnits('25', 6)) }, policies: [] }] };
    const granting = page.evaluate((params) => document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: 'wallet_grantPermissions', params: [params] }), request);
    const secure = await frame(page);
    await secure.getByRole('heading', { name: 'Grant permission' }).waitFor();
    const shown = (await secure.locator('main').innerText()).replace(/\s+/g, ' ');
    assert.match(shown, new RegExp(`Site ${site.replace(/[.]/g, '\\.')}`));
    assert.match(shown, /Allows Transfer up to 25 LUSD/);
    assert.ok(shown.includes(key.address), 'the key that gets the permission');
    assert.match(shown, /Network fee budget 0\.01 ETH/);
    // The expiry as a date in the page's language, not an ISO string (the browser and this process share a time zone).
    const until = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(expiry * 1000);
    assert.ok(shown.includes(`Until ${until}`), `"Until ${until}" in ${shown}`);
    await secure.getByRole('button', { name: 'Approve' }).click();
    const granted = (await granting) as { context: Hex; address: Address; expiry: number; permissions: unknown[] };
    assert.equal(granted.address, smart);
    assert.equal(granted.expiry, expiry);
    assert.match(granted.context, /^0x[0-9a-f]{64}$/);

    // The site's key spends within the permission, without the visitor.
    assert.equal(await spendAsSession(key, smart, granted.context, parseUnits('5', 6)), undefined);
    assert.equal(await tokenBalance(smart), parseUnits('95', 6));

    // Listed from the wallet data API, reached from the Account view.
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'Account' }));
    await inModal(page, '[data-action="smart-sessions"]').click();
    const row = inModal(page, `[data-session="${granted.context}"]`);
    await row.waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Smart Sessions');
    assert.equal(await row.getAttribute('data-state'), 'active');
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    assert.ok(text.includes(new URL(site).host), text);
    assert.ok(text.includes('Transfer up to 25 LUSD · 5 LUSD spent'), text);
    assert.match(text, /Expires /);
    assert.deepEqual(await seriousA11yViolationsEverywhere(page), [], 'axe: SmartSessionList');

    // Revoke, rejected in the frame: nothing changes.
    await row.getByRole('button', { name: `Revoke the permission of ${new URL(site).host}` }).click();
    let approval = await frame(page);
    await approval.getByRole('heading', { name: 'Sign typed data' }).waitFor();
    // As a visitor reads the request first: Chromium drops clicks on a frame that watches its own visibility
    // (IntersectionObserver v2) right after the frame moved into place, so the click waits until Approve is armed.
    await approval.waitForFunction(() => document.querySelector<HTMLButtonElement>('#approve button.primary')?.disabled === false);
    await approval.getByRole('button', { name: 'Reject' }).click();
    await inModal(page, '[data-sessions-error]').waitFor();
    assert.equal(await inModal(page, '[data-sessions-error]').textContent(), 'Revoking was rejected');
    assert.equal(await row.getAttribute('data-state'), 'active');

    // Revoke, approved: the owner's signature is relayed, the row says so, and the key can do nothing more.
    await row.getByRole('button', { name: 'Revoke' }).click();
    approval = await frame(page);
    await approval.getByRole('heading', { name: 'Sign typed data' }).waitFor();
    const typed = (await approval.locator('main').innerText()).replace(/\s+/g, ' ');
    assert.match(typed, /RevokeSession/);
    await approval.getByRole('button', { name: 'Approve' }).click();
    await page.waitForFunction((id) => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelector(`[data-session="${id}"]`)?.getAttribute('data-state') === 'revoked', granted.context, { timeout: 60_000 });
    assert.match((await row.innerText()).replace(/\s+/g, ' '), /Revoked /);
    assert.equal(await row.getByRole('button').count(), 0, 'no Revoke on a revoked session');
    const listed = (await (await fetch(`${e2e.stack.apiUrl.replace(/\/$/, '')}/v1/sessions/eip155:31337:${smart}?projectId=e2e&st=t&sv=v`)).json()) as { pcis: { pci: string; revokedAt?: number }[] };
    assert.equal(typeof listed.pcis.find((s) => s.pci === granted.context)?.revokedAt, 'number');
    assert.ok(await spendAsSession(key, smart, granted.context, 1n), 'revoked: the key\'s next use is refused on chain');
    assert.equal(await tokenBalance(smart), parseUnits('95', 6));
  });

  it('says "Error fetching smart sessions" when the service fails, and Try again recovers', async () => {
    const { page } = await smartLogin();
    await page.route('**/v1/sessions/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"ERROR","reasons":[]}' }));
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'SmartSessionList' }));
    const alert = inModal(page, '[data-view="SmartSessionList"] [role="alert"]');
    await alert.waitFor();
    assert.equal(await alert.textContent(), 'Error fetching smart sessions');
    await page.unroute('**/v1/sessions/**');
    await inModal(page, '[data-action="retry-sessions"]').click();
    await inModal(page, '[data-view="SmartSessionList"] .hint').waitFor();
    assert.equal(await inModal(page, '[data-view="SmartSessionList"] .hint').textContent(), 'No smart sessions. A site you allow to act for your smart account is listed here.');
  });
});
