/**
 * `npx tsx bench/smart-sessions.ts [--runs N]`: smart sessions (ERC-7715) on the stack's pieces: one anvil, the
 * EntryPoint v0.7, the stack's smart account (LocalSmartAccount) with its owner, an alto bundler, a token, and the
 * wallet data API in process. Per run: the owner's grant (a user operation) send → included; the session key's
 * transfer send → included; `GET /v1/sessions/{caipAddress}` answered; `POST /v1/sessions/{address}/revoke`
 * (the owner's signature, relayed by the API) answered once the revocation is mined. The account is deployed by a
 * first operation before timing. Prints a table; `smartSessionsSection` returns the figures.
 */
import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, erc20Abi, getAddress, http, keccak256, parseEther, toHex, type Address } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { createBundlerClient, type SmartAccount } from 'viem/account-abstraction';
import { startBundler } from '../devstack/aa/bundler.js';
import { deployAccountAbstraction } from '../server/aa/deploy.js';
import { deployLocalSmartAccount, toLocalSmartAccount } from '../server/aa/local-account.js';
import { grantSessionCall, revokeTypedData, toSessionAccount } from '../server/aa/sessions.js';
import { startAnvil } from '../devstack/anvil.js';
import { createWalletApi } from '../server/api/app.js';
import { ANVIL_MNEMONIC, seedAccounts } from '../server/chain/clients.js';
import { compileContracts } from '../server/chain/compile.js';
import { rpcCall } from '../server/json-rpc.js';
import { ms, type Stats, stats, table } from './format.js';

export interface SmartSessionFigures {
  grant: Stats;
  sessionTransfer: Stats;
  list: Stats;
  revoke: Stats;
}

export async function smartSessionsSection(runs = 7): Promise<SmartSessionFigures> {
  const anvil = await startAnvil({ chainId: 31337 });
  try {
    const deployer = seedAccounts().deployer;
    await deployAccountAbstraction(anvil.rpcUrl, deployer.address);
    const { factory } = await deployLocalSmartAccount(anvil.rpcUrl, deployer.address);
    const bundler = await startBundler({ chainId: 31337, rpcUrl: anvil.rpcUrl });
    const api = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }], dbPath: ':memory:', sessions: { relayer: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 5 }) } });
    try {
      const chain = defineChain({ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } });
      const client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 20 });
      const owner = privateKeyToAccount(generatePrivateKey());
      const account = await toLocalSmartAccount({ client, owner, factory });
      const address = await account.getAddress();
      await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [address, toHex(parseEther('10'))]);
      const { contracts } = await compileContracts({ log: () => {} });
      const wallet = createWalletClient({ account: deployer, chain, transport: http(anvil.rpcUrl) });
      const deployed = await wallet.deployContract({ abi: [{ type: 'constructor', inputs: [{ type: 'string' }, { type: 'string' }, { type: 'uint8' }, { type: 'address[]' }, { type: 'uint256[]' }], stateMutability: 'nonpayable' }], bytecode: contracts.LocalToken.bytecode, args: ['Bench Token', 'BEN', 0, [address], [1_000_000n]] });
      const token = getAddress((await client.waitForTransactionReceipt({ hash: deployed })).contractAddress!);
      const send = async (as: SmartAccount, calls: { to: Address; value?: bigint; data?: `0x${string}` }[]) => {
        const bundled = createBundlerClient({ account: as, client, transport: http(bundler.url), pollingInterval: 20 });
        const start = performance.now();
        const hash = await bundled.sendUserOperation({ calls });
        const receipt = await bundled.waitForUserOperationReceipt({ hash, pollingInterval: 20, timeout: 30_000 });
        if (!receipt.success) throw new Error(`user operation ${hash} failed`);
        return performance.now() - start;
      };
      const receiver = privateKeyToAccount(generatePrivateKey()).address;
      await send(account, [{ to: receiver, value: 1n }]); // deploys the account
      const times = { grant: [] as number[], sessionTransfer: [] as number[], list: [] as number[], revoke: [] as number[] };
      for (let i = 0; i < runs; i++) {
        const key = privateKeyToAccount(generatePrivateKey());
        const id = keccak256(toHex(`bench:${i}:${Math.random()}`));
        times.grant.push(await send(account, [grantSessionCall(address, { id, signer: key.address, token, limit: 100n, feeBudget: parseEther('0.01'), validUntil: Math.floor(Date.now() / 1000) + 3600, site: 'https://bench.example' })]));
        const session = await toSessionAccount({ client, key, factory, account: address, id });
        times.sessionTransfer.push(await send(session, [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, 10n] }) }]));
        let start = performance.now();
        const listed = await api.app.request(`/v1/sessions/eip155:31337:${address}?projectId=bench&st=b&sv=b`);
        if (listed.status !== 200) throw new Error(`list: HTTP ${listed.status}`);
        await listed.json();
        times.list.push(performance.now() - start);
        const signature = await owner.signTypedData(revokeTypedData(address, 31337, id));
        start = performance.now();
        const revoked = await api.app.request(`/v1/sessions/${address}/revoke?projectId=bench`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pci: id, signature }) });
        if (revoked.status !== 200) throw new Error(`revoke: HTTP ${revoked.status} ${await revoked.text()}`);
        times.revoke.push(performance.now() - start);
      }
      return { grant: stats(times.grant), sessionTransfer: stats(times.sessionTransfer), list: stats(times.list), revoke: stats(times.revoke) };
    } finally {
      await api.close();
      await bundler.stop();
    }
  } finally {
    await anvil.stop();
  }
}

/** Prints the figures of smartSessionsSection. */
export function printSmartSessions(figures: SmartSessionFigures, runs: number): void {
  const row = (label: string, s: Stats) => [label, ms(s.median), ms(s.max)];
  console.log(
    table(
      [`Smart sessions (alto, anvil; ${runs} runs)`, 'median', 'max'],
      [
        row('owner grants a session: user op send → included', figures.grant),
        row('session key transfer: user op send → included', figures.sessionTransfer),
        row('GET /v1/sessions/{caipAddress} (sessions read from the logs)', figures.list),
        row('POST /v1/sessions/{address}/revoke → relayed and mined', figures.revoke),
      ],
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const index = process.argv.indexOf('--runs');
  const runs = index > 0 ? Number(process.argv[index + 1]) : 7;
  printSmartSessions(await smartSessionsSection(runs), runs);
}
