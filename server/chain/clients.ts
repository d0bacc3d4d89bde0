/**
 * viem plumbing for the seed: anvil's default accounts, one public client and a wallet client per role,
 * `deploy` and `send` that wait for the (automined) receipt and fail loudly on a revert, and the npm
 * artifacts of Uniswap V2 and ENS.
 */
import { createRequire } from 'node:module';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { rpcCall } from '../json-rpc.js';
import type { Artifact } from './compile.js';
import { ROLES, type Role } from './design.js';

export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
/** Account #0 of that mnemonic: the dev account. */
export const DEV_PRIVATE_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

let accounts: Record<Role, Account> | undefined;

/** The seed's accounts by role; derived once per process (mnemonic derivation costs a few ms each). */
export function seedAccounts(): Record<Role, Account> {
  accounts ??= Object.fromEntries(
    Object.entries(ROLES).map(([role, index]) => [
      role,
      index === 0 ? privateKeyToAccount(DEV_PRIVATE_KEY) : mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }),
    ]),
  ) as Record<Role, Account>;
  return accounts;
}

export type Wallet = WalletClient<Transport, Chain, Account>;

export interface SeedContext {
  chain: Chain;
  rpcUrl: string;
  publicClient: PublicClient<Transport, Chain>;
  wallets: Record<Role, Wallet>;
  addresses: Record<Role, Address>;
  /** Deploys from `from` and returns the new contract's address. */
  deploy(from: Role, artifact: Artifact, args?: readonly unknown[], value?: bigint): Promise<Address>;
  /** Waits for a sent transaction's receipt; throws if it reverted. */
  confirm(sent: Promise<Hash>, what: string): Promise<TransactionReceipt>;
  /** Sets the chain clock: the next block gets this timestamp (unix seconds), later ones count on from it. */
  setTime(unixSeconds: number): Promise<void>;
  /** Mines an empty block; returns its number. */
  mine(): Promise<bigint>;
}

export function createSeedContext(rpcUrl: string, chainId: number): SeedContext {
  const chain = defineChain({
    id: chainId,
    name: `Local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  // anvil answers in about a millisecond; the default 4 s polling would dominate every wait.
  const transport = http(rpcUrl, { retryCount: 0, timeout: 10_000 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 10 });
  const all = seedAccounts();
  const walletFor = (account: Account): Wallet => createWalletClient({ chain, transport, account, pollingInterval: 10 });
  const wallets = Object.fromEntries(Object.entries(all).map(([role, account]) => [role, walletFor(account)])) as Record<Role, Wallet>;
  const addresses = Object.fromEntries(Object.entries(all).map(([role, account]) => [role, account.address])) as Record<Role, Address>;

  const confirm = async (sent: Promise<Hash>, what: string): Promise<TransactionReceipt> => {
    const hash = await sent;
    // Automine has usually mined it by the time the hash comes back; otherwise ask for the receipt itself until it is
    // there (not viem's block watcher: on a 2-core machine under load a seeding timed out after 10 s waiting on it,
    // seen on CI), for up to 60 s.
    const until = Date.now() + 60_000;
    let receipt: TransactionReceipt | undefined;
    for (let first = true; !receipt; first = false) {
      if (Date.now() > until) throw new Error(`seed: ${what}: no receipt for ${hash} within 60 s`);
      if (!first) await new Promise((resolve) => setTimeout(resolve, 10));
      receipt = await publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
    }
    if (receipt.status !== 'success') throw new Error(`seed: ${what} reverted (tx ${hash})`);
    return receipt;
  };

  return {
    chain,
    rpcUrl,
    publicClient,
    wallets,
    addresses,
    confirm,
    async deploy(from, artifact, args = [], value) {
      const sent = wallets[from].deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, ...(value ? { value } : {}) });
      const receipt = await confirm(sent, `deploying a contract from ${from}`);
      if (!receipt.contractAddress) throw new Error(`seed: deploy from ${from} left no contract address (tx ${receipt.transactionHash})`);
      return getAddress(receipt.contractAddress); // receipts carry it in lower case
    },
    async setTime(unixSeconds) {
      await rpcCall(rpcUrl, 'evm_setTime', [Math.floor(unixSeconds)]);
    },
    async mine() {
      await rpcCall(rpcUrl, 'evm_mine', []);
      return publicClient.getBlockNumber({ cacheTime: 0 });
    },
  };
}

const require = createRequire(import.meta.url);

/** A build artifact shipped in an npm package (`{abi, bytecode}`; Uniswap's bytecode has no 0x prefix). */
export function npmArtifact(path: string): Artifact {
  const json = require(path) as { abi: Abi; bytecode?: string; evm?: { bytecode: { object: string } } };
  const bytecode = json.bytecode ?? json.evm?.bytecode.object;
  if (!bytecode) throw new Error(`${path} has no bytecode`);
  return { abi: json.abi, bytecode: (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex };
}
