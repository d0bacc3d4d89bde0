// Issue 15, the widget side of smart accounts on the stack with bundlers (startStack({ smartAccounts: true })): an
// email login's Account settings switch its EVM account to the smart account it owns (wallet-account-change to the
// smart address, which getProvider answers); a host transaction then goes as a user operation through alto after
// Approve in the frame, deploying the account and paying the receiver; switching back gives the key's own address.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEther, toHex, type Address, type Hex } from 'viem';
import { rpcCall } from '../../server/json-rpc.js';
import { ACCOUNT_1, events, inModal, seriousA11yViolations, useE2E, waitForEvent, widgetState } from './harness.js';
import { emailHelpers } from './email-support.js';

describe('smart accounts of an email login (Account settings, user operations through the bundler)', () => {
  const e2e = useE2E({ smartAccounts: true });
  const { logIn, frame } = emailHelpers(() => e2e.stack);
  const rpc = () => e2e.stack.chains[0]!.rpcUrl;
  const balance = async (address: string) => BigInt(await rpcCall<Hex>(rpc(), 'eth_getBalance', [address, 'latest']));

  it('switches to the smart account and back; a host transaction from it is a user operation that deploys it', async () => {
    const { page } = await e2e.open();
    await logIn(page);
    const eoa = (await widgetState(page)).connections.find((c) => c.namespace === 'eip155')!.address;
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'Account' }));
    await inModal(page, '[data-action="account-settings"]').click();
    await inModal(page, '[data-view="AccountSettings"] [data-account-type="eoa"]').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Account Settings');
    assert.equal(await inModal(page, '[data-account-type]').textContent(), 'Your wallet (EOA)');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: AccountSettings');

    await inModal(page, '[data-action="switch-account-type"]').click();
    const changed = (await waitForEvent(page, 'wallet-account-change')) as { address: string; namespace: string };
    assert.equal(changed.namespace, 'eip155');
    const smart = changed.address as Address;
    assert.notEqual(smart.toLowerCase(), eoa.toLowerCase());
    await inModal(page, '[data-account-type="smartAccount"]').waitFor();
    assert.equal(await inModal(page, '[data-deployed]').textContent(), 'Not deployed yet: your first transaction deploys it');
    assert.deepEqual(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: 'eth_accounts' })), [smart]);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: AccountSettings, smart account');

    await rpcCall(rpc(), 'anvil_setBalance', [smart, toHex(parseEther('1'))]);
    const before = await balance(ACCOUNT_1);
    const sending = page.evaluate(
      ([to, value]) => document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: 'eth_sendTransaction', params: [{ to, value }] }),
      [ACCOUNT_1, toHex(parseEther('0.01'))] as const,
    );
    const secure = await frame(page);
    await secure.getByRole('button', { name: 'Approve' }).click();
    const hash = (await sending) as Hex;
    const receipt = await rpcCall<{ status: Hex } | null>(rpc(), 'eth_getTransactionReceipt', [hash]);
    assert.equal(receipt?.status, '0x1');
    assert.equal((await balance(ACCOUNT_1)) - before, parseEther('0.01'));
    assert.notEqual(await rpcCall<Hex>(rpc(), 'eth_getCode', [smart, 'latest']), '0x', 'deployed by its first user operation');

    // Back in the modal after the approval: Account settings again, the account now deployed.
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'Account' }));
    await inModal(page, '[data-action="account-settings"]').click();
    await inModal(page, '[data-deployed="true"]').waitFor();
    await inModal(page, '[data-action="switch-account-type"]').click();
    await waitForEvent(page, 'wallet-account-change', 2);
    const back = (await events(page, 'wallet-account-change'))[1]!.detail as { address: string };
    assert.equal(back.address.toLowerCase(), eoa.toLowerCase());
  });

  it('default-account-type="smartAccount": a first login connects with the smart account; the choice is kept', async () => {
    const { page } = await e2e.open();
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.setAttribute('default-account-type', 'smartAccount'));
    const email = await logIn(page);
    const connected = (await widgetState(page)).connections.find((c) => c.namespace === 'eip155')!.address;
    const user = await e2e.stack.login.server.store.getUserByEmail(email);
    assert.ok(user);
    assert.notEqual(connected.toLowerCase(), user.evmAddress.toLowerCase(), 'not the key\'s own address');
    assert.equal(await e2e.stack.login.server.store.getAccountType(user.id), 'smartAccount');
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'Account' }));
    await inModal(page, '[data-action="account-settings"]').click();
    await inModal(page, '[data-account-type="smartAccount"]').waitFor();
  });
});
