/**
 * The stack's smart-account part: on each local chain the EntryPoint v0.7 and SimpleAccountFactory
 * (deploy.ts), the smart account the stack offers (Solady's, local-account.ts) and an alto bundler (bundler.ts),
 * chains in parallel. A failed start stops what started.
 */
import type { Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC } from '../../server/chain/clients.js';
import { startBundler, type Bundler } from './bundler.js';
import { deployAccountAbstraction } from '../../server/aa/deploy.js';
import { deployLocalSmartAccount } from '../../server/aa/local-account.js';

export interface SmartAccountChain {
  chainId: number;
  /** The chain's bundler (ERC-4337 JSON-RPC). */
  bundlerUrl: string;
  entryPoint: Address;
  simpleAccountFactory: Address;
  /** LocalSmartAccountFactory (Solady's ERC-4337 account, which signs messages: ERC-1271 / ERC-6492). */
  smartAccountFactory: Address;
}

export interface SmartAccounts {
  chains: SmartAccountChain[];
  stop(): Promise<void>;
}

/** anvil's #6 sends the CREATE2 deployments (the address does not depend on the sender); #7 and #8 are alto's. */
const DEPLOY_FROM = (): Address => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 6 }).address;

export async function startSmartAccounts(chains: readonly { chainId: number; rpcUrl: string }[], { host = '127.0.0.1', ports = [] as readonly number[] } = {}): Promise<SmartAccounts> {
  const contracts = await Promise.all(
    chains.map(async ({ rpcUrl }) => {
      const base = await deployAccountAbstraction(rpcUrl, DEPLOY_FROM());
      const { factory } = await deployLocalSmartAccount(rpcUrl, DEPLOY_FROM());
      return { ...base, smartAccountFactory: factory };
    }),
  );
  const started = await Promise.allSettled(chains.map(({ chainId, rpcUrl }, index) => startBundler({ chainId, rpcUrl, host, port: ports[index] ?? 0 })));
  const bundlers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.allSettled(bundlers.map((bundler: Bundler) => bundler.stop()));
  };
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return {
    chains: chains.map(({ chainId }, index) => ({ chainId, bundlerUrl: (bundlers[index] as Bundler).url, ...(contracts[index] as (typeof contracts)[number]) })),
    stop,
  };
}
