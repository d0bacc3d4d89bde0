// The widget side of smart accounts on the stack with a bundler on Local Chain A only
// (startStack({ smartAccounts: { chainIds: [31337] } })): an email login's Account settings switch its EVM account
// to the smart account it owns (wallet-account-change to the smart address, which getProvider answers); a host
// transaction then goes as a user operation through alto after Approve in the frame, deploying the account and
// paying the receiver (state.smartAccountDeployed, the Account view says so); the widget's Send from it is a
// user operation too, and its wallet-transaction carries the operation's hash. On Local Chain B (no smart accounts)
// the account follows to the key's own address and switching is refused; back on A, the smart account again;
// switching back gives the key's own address.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { formatEther, parseEther, toEventSelector, toHex, type Address, type Hex } from 'viem';
import { rpcCall } from '../../server/json-rpc.js';
import { ACCOUNT_1, events, inModal, seriousA11yViolations, useE2E, waitForEvent, widgetState } from './harness.js';
import { emailHelpers } from './email-support.js';
import { chooseToken } from './send-support.js';
import { siwxHelpers } from './siwx-support.js';

// The EntryPoint v0.7's UserOperationEvent: its first indexed topic is the user operation's hash.
const USER_OPERATION_EVENT = toEventSelector('UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)');
const switchChain = (page: Page, chainId: number) =>
  page.evaluate((hex) => document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] }), toHex(chainId));

describe('smart accounts of an email login (Account settings, user operations through the bundler)', () => {
  const e2e = useE2E({ smartAccounts: { chainIds: [31337] } });
  const { logIn, frame } = emailHelpers(() => e2e.stack);
  const { useSiwx, signView, backendSession } = siwxHelpers(() => e2e.stack.authUrl);
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
    assert.deepEqual((await widgetState(page)).user?.accounts.filter((a) => a.namespace === 'eip155'), [{ namespace: 'eip155', address: eoa, type: 'eoa' }, { namespace: 'eip155', address: smart, type: 'smartAccount' }]);
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

    // Deployed: the state and the Account view say so.
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.smartAccountDeployed === true);
    assert.equal((await widgetState(page)).preferredAccountType, 'smartAccount');
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'Account' }));
    assert.equal(await inModal(page, '[part="account-type"]').textContent(), 'Smart account · deployed');

    // The widget's Send from the smart account: a user operation; wallet-transaction carries its hash.
    const sent = await balance(ACCOUNT_1);
    await inModal(page, '[data-action="send"]').click();
    await chooseToken(page, 'eip155:31337:native');
    await inModal(page, 'input[name="amount"]').fill('0.02');
    await inModal(page, 'input[name="receiver"]').fill(ACCOUNT_1);
    await inModal(page, 'button[type="submit"]').click();
    // The review's fee is the user operation's, priced as the approval prices it (it was a plain transfer's gas ×
    // price: 0.000021 ETH where the frame said 0.000296 ETH at most).
    const reviewed = BigInt((await inModal(page, 'dd[data-fee]').getAttribute('data-fee'))!);
    await inModal(page, '[data-action="confirm-send"]').click();
    const approval = await frame(page);
    const shown = parseEther((await approval.locator('dt', { hasText: 'Network fee (at most)' }).locator('xpath=following-sibling::dd').textContent())!.split(' ')[0]!);
    assert.ok(reviewed * 2n >= shown && reviewed <= shown * 2n, `the review's fee ${formatEther(reviewed)} ETH is the approval's ${formatEther(shown)} ETH, give or take the gas price's move`);
    await approval.getByRole('button', { name: 'Approve' }).click();
    const pending = (await waitForEvent(page, 'wallet-transaction')) as { status: string; hash: Hex; kind: string; userOpHash?: Hex };
    assert.equal(pending.status, 'pending');
    assert.equal(pending.kind, 'native-transfer');
    const bundle = await rpcCall<{ status: Hex; logs: { topics: Hex[] }[] }>(rpc(), 'eth_getTransactionReceipt', [pending.hash]);
    assert.equal(bundle.status, '0x1');
    assert.deepEqual(bundle.logs.filter((log) => log.topics[0] === USER_OPERATION_EVENT).map((log) => log.topics[1]), [pending.userOpHash]);
    assert.equal((await balance(ACCOUNT_1)) - sent, parseEther('0.02'));
    const confirmed = (await waitForEvent(page, 'wallet-transaction', 2)) as { status: string; userOpHash?: Hex };
    assert.deepEqual([confirmed.status, confirmed.userOpHash], ['confirmed', pending.userOpHash]);

    // Local Chain B has no smart accounts: the EVM side follows to the key's own address, and switching is refused.
    await switchChain(page, 31338);
    await waitForEvent(page, 'wallet-account-change', 2);
    const followed = (await events(page, 'wallet-account-change'))[1]!.detail as { address: string };
    assert.equal(followed.address.toLowerCase(), eoa.toLowerCase());
    assert.deepEqual([(await widgetState(page)).preferredAccountType, (await widgetState(page)).smartAccountDeployed], ['smartAccount', false]);
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'Account' }));
    await inModal(page, '[data-action="account-settings"]').click();
    await inModal(page, '[data-view="AccountSettings"] [data-account-type="eoa"]').waitFor();
    await inModal(page, '[data-action="switch-account-type"]').click();
    assert.equal(await inModal(page, '[data-account-error]').textContent(), 'Switching to a smart account needs a smart account enabled on the active network');
    assert.equal((await events(page, 'wallet-account-change')).length, 2, 'nothing changed');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: AccountSettings, refused');

    // Back on Local Chain A: the smart account again (the choice was kept).
    await switchChain(page, 31337);
    await waitForEvent(page, 'wallet-account-change', 3);
    assert.equal(((await events(page, 'wallet-account-change'))[2]!.detail as { address: string }).address, smart);
    await inModal(page, '[data-account-type="smartAccount"]').waitFor();
    await inModal(page, '[data-deployed="true"]').waitFor();
    await inModal(page, '[data-action="switch-account-type"]').click();
    await waitForEvent(page, 'wallet-account-change', 4);
    const back = (await events(page, 'wallet-account-change'))[3]!.detail as { address: string };
    assert.equal(back.address.toLowerCase(), eoa.toLowerCase());
    assert.equal((await widgetState(page)).preferredAccountType, 'eoa');
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

  it('signs in to the sign-in backend as the smart account before it is deployed (ERC-6492)', async () => {
    const { page } = await e2e.open();
    await useSiwx(page, { 'default-account-type': 'smartAccount' });
    const email = await logIn(page);
    const user = await e2e.stack.login.server.store.getUserByEmail(email);
    const smart = (await widgetState(page)).connections.find((c) => c.namespace === 'eip155')!.address;
    assert.notEqual(smart.toLowerCase(), user!.evmAddress.toLowerCase());
    assert.equal(await rpcCall<Hex>(rpc(), 'eth_getCode', [smart, 'latest']), '0x', 'not deployed');
    await signView(page).locator('[data-action="sign"]').click();
    await (await frame(page)).getByRole('button', { name: 'Approve' }).click();
    assert.equal(((await waitForEvent(page, 'wallet-session')) as { status: string }).status, 'authenticated');
    assert.equal(((await backendSession(page)) as { address: string }).address, smart);
  });
});
