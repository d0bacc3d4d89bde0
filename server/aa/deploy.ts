/**
 * ERC-4337 on a local anvil chain: the EntryPoint v0.7 at its canonical address and SimpleAccountFactory,
 * both from `@account-abstraction/contracts` 0.7.0's own build artifacts, deployed through the deterministic
 * deployer (0x4e59b448…, which anvil has from genesis) with CREATE2. The package's EntryPoint bytecode with
 * eth-infinitism's published salt reproduces the canonical 0x0000000071727De22E5E9d8BAf0edAc6f37da032, so
 * no anvil_setCode is needed; recompiling with our solc 0.8.28 would change the bytecode and so the address,
 * which is why these are not run through server/chain/compile.ts. Nothing to cache: the artifacts are JSON.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { concat, encodeAbiParameters, getContractAddress, type Address, type Hex } from 'viem';
import { entryPoint07Address } from 'viem/account-abstraction';
import { npmArtifact } from '../chain/clients.js';
import { rpcCall } from '../json-rpc.js';

export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
/** eth-infinitism's salt for the canonical EntryPoint v0.7 deployment. */
const ENTRY_POINT_07_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3';
/** Ours for the factory: any fixed value gives every local chain the same factory address. */
const FACTORY_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000004337';

const entryPointArtifact = () => npmArtifact('@account-abstraction/contracts/artifacts/EntryPoint.json');
const factoryArtifact = () => npmArtifact('@account-abstraction/contracts/artifacts/SimpleAccountFactory.json');

export const SIMPLE_ACCOUNT_FACTORY_ABI = [
  { type: 'function', name: 'getAddress', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'createAccount', stateMutability: 'nonpayable', inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'accountImplementation', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
] as const;

export interface AccountAbstractionContracts {
  entryPoint: Address;
  /** SimpleAccountFactory(entryPoint): `createAccount(owner, salt)`, `getAddress(owner, salt)`. */
  simpleAccountFactory: Address;
}

function factoryInitCode(): Hex {
  return concat([factoryArtifact().bytecode, encodeAbiParameters([{ type: 'address' }], [entryPoint07Address])]);
}

/** The addresses deployAccountAbstraction gives on any chain (they depend on bytecode and salt only). */
export function accountAbstractionAddresses(): AccountAbstractionContracts {
  const simpleAccountFactory = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: FACTORY_SALT, bytecode: factoryInitCode() });
  return { entryPoint: entryPoint07Address, simpleAccountFactory };
}

async function hasCode(rpcUrl: string, address: Address): Promise<boolean> {
  const code = await rpcCall<Hex>(rpcUrl, 'eth_getCode', [address, 'latest']);
  return code !== '0x' && code !== '0x0';
}

/** Sends one CREATE2 through the deterministic deployer from `from` (unlocked on anvil) and checks the code landed. */
export async function create2(rpcUrl: string, from: Address, salt: Hex, initCode: Hex, expected: Address, what: string): Promise<void> {
  if (await hasCode(rpcUrl, expected)) return;
  const hash = await rpcCall<Hex>(rpcUrl, 'eth_sendTransaction', [{ from, to: DETERMINISTIC_DEPLOYER, data: concat([salt, initCode]), gas: '0x989680' }], 10_000);
  // Automine usually has the receipt ready when the hash comes back, but not always on a loaded machine.
  let receipt: { status: Hex } | null = null;
  for (const deadline = Date.now() + 10_000; !receipt && Date.now() < deadline; ) {
    receipt = await rpcCall<{ status: Hex } | null>(rpcUrl, 'eth_getTransactionReceipt', [hash]);
    if (!receipt) await sleep(20);
  }
  if (receipt?.status !== '0x1' || !(await hasCode(rpcUrl, expected))) {
    throw new Error(`account abstraction: deploying ${what} at ${expected} failed (tx ${hash}, status ${receipt?.status ?? 'pending'})`);
  }
}

/**
 * Deploys the EntryPoint and the factory from `from` (an anvil account, unlocked); idempotent. Returns the
 * addresses. Waits for each receipt (anvil automines).
 */
export async function deployAccountAbstraction(rpcUrl: string, from: Address): Promise<AccountAbstractionContracts> {
  const addresses = accountAbstractionAddresses();
  const ep = entryPointArtifact();
  const epAddress = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: ENTRY_POINT_07_SALT, bytecode: ep.bytecode });
  if (epAddress !== entryPoint07Address) throw new Error(`account abstraction: the EntryPoint artifact gives ${epAddress}, not the canonical ${entryPoint07Address}`);
  await create2(rpcUrl, from, ENTRY_POINT_07_SALT, ep.bytecode, entryPoint07Address, 'the EntryPoint v0.7');
  await create2(rpcUrl, from, FACTORY_SALT, factoryInitCode(), addresses.simpleAccountFactory, 'SimpleAccountFactory');
  return addresses;
}
