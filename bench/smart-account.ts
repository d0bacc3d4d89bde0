/**
 * `npx tsx bench/smart-account.ts [--runs N]`: ERC-4337 on the local stack's pieces (server/aa/): one anvil,
 * the EntryPoint v0.7, the stack's smart account (LocalSmartAccount, Solady's ERC-4337 account) behind its factory,
 * an alto bundler, and N user operations (ETH transfers) from a new owner's account, the first of which deploys it. Times eth_sendUserOperation → receipt through the bundler
 * (eth_getUserOperationReceipt, polled every 20 ms); also alto's start time. Prints a table; `smartAccountSection`
 * returns the figures for bench/run.ts.
 */
import { createPublicClient, defineChain, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createBundlerClient } from 'viem/account-abstraction';
import { startAnvil } from '../devstack/anvil.js';
import { startBundler } from '../devstack/aa/bundler.js';
import { deployAccountAbstraction } from '../server/aa/deploy.js';
import { deployLocalSmartAccount, toLocalSmartAccount } from '../server/aa/local-account.js';
import { seedAccounts } from '../server/chain/clients.js';
import { rpcCall } from '../server/json-rpc.js';
import { ms, type Stats, stats, table } from './format.js';

export interface SmartAccountFigures {
  bundlerStartMs: number;
  /** The first user operation (deploys the account). */
  firstIncludedMs: number;
  /** Later ones (deployed account). */
  included: Stats;
}

export async function smartAccountSection(runs = 7): Promise<SmartAccountFigures> {
  const anvil = await startAnvil({ chainId: 31337 });
  try {
    await deployAccountAbstraction(anvil.rpcUrl, seedAccounts().deployer.address);
    const { factory } = await deployLocalSmartAccount(anvil.rpcUrl, seedAccounts().deployer.address);
    const t0 = performance.now();
    const bundler = await startBundler({ chainId: 31337, rpcUrl: anvil.rpcUrl });
    const bundlerStartMs = performance.now() - t0;
    try {
      const chain = defineChain({ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } });
      const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
      const account = await toLocalSmartAccount({ client, owner: privateKeyToAccount(generatePrivateKey()), factory });
      await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [await account.getAddress(), `0x${parseEther('10').toString(16)}`]);
      const bundlerClient = createBundlerClient({ account, client, transport: http(bundler.url), pollingInterval: 20 });
      const to = privateKeyToAccount(generatePrivateKey()).address;
      const times: number[] = [];
      for (let i = 0; i <= runs; i++) {
        const start = performance.now();
        const hash = await bundlerClient.sendUserOperation({ calls: [{ to, value: 1n }] });
        const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 20, timeout: 30_000 });
        if (!receipt.success) throw new Error(`user operation ${hash} failed`);
        times.push(performance.now() - start);
      }
      const [first, ...rest] = times;
      return { bundlerStartMs, firstIncludedMs: first ?? 0, included: stats(rest) };
    } finally {
      await bundler.stop();
    }
  } finally {
    await anvil.stop();
  }
}

/** Prints the figures of smartAccountSection. */
export function printSmartAccount(figures: SmartAccountFigures, runs: number): void {
  console.log(
    table(
      ['Smart account (LocalSmartAccount, alto, anvil)', 'median', 'max'],
      [
        ['alto start (ready on eth_supportedEntryPoints)', ms(figures.bundlerStartMs), ''],
        ['first user op send → included (deploys the account)', ms(figures.firstIncludedMs), ''],
        [`user op send → included (${runs} runs)`, ms(figures.included.median), ms(figures.included.max)],
      ],
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const index = process.argv.indexOf('--runs');
  const runs = index > 0 ? Number(process.argv[index + 1]) : 7;
  printSmartAccount(await smartAccountSection(runs), runs);
}
