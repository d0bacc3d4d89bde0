/**
 * The Farcaster IdRegistry, local. Sign In With Farcaster proves a fid by a signature of its custody address,
 * which the verifier reads from the IdRegistry on Optimism (`idOf(custody)`, `custodyOf(fid)` at
 * ID_REGISTRY_ADDRESS). The local stack has no Optimism, so a contract answering those two calls is placed at
 * the same address on the first local chain (anvil_setCode) and the test fids are written straight into its
 * storage (anvil_setStorageAt): no transaction, so the chain's seeded history and nonces are untouched.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { encodeAbiParameters, keccak256, numberToHex, pad, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { PROJECT_ROOT } from '../paths.js';

/** Where Farcaster's IdRegistry lives on Optimism (and, here, on the local chain). */
export const ID_REGISTRY_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';

/** Slot 0: mapping(address => uint256) idOf; slot 1: mapping(uint256 => address) custodyOf. */
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
/// The two reads of Farcaster's IdRegistry that Sign In With Farcaster needs; the local stack writes the storage.
contract LocalIdRegistry {
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;
}
`;

export interface LocalFid {
  fid: number;
  username: string;
  displayName: string;
  custody: PrivateKeyAccount;
}

/** A fid's custody key, derived from the fid so `fc-approve` and the tests need no shared state. */
export function custodyKey(fid: number): Hex {
  return keccak256(new TextEncoder().encode(`wallet-connect-modal local farcaster custody ${fid}`));
}

const NAMES = ['alice', 'bob', 'carol'] as const;
/** The fids registered on the local chain: 1 alice, 2 bob, 3 carol. */
export const LOCAL_FIDS: readonly LocalFid[] = NAMES.map((username, index) => ({
  fid: index + 1,
  username,
  displayName: username[0]!.toUpperCase() + username.slice(1),
  custody: privateKeyToAccount(custodyKey(index + 1)),
}));

const require = createRequire(import.meta.url);

async function runtimeBytecode(cacheDir = join(PROJECT_ROOT, '.cache', 'contracts')): Promise<Hex> {
  const solcVersion = (require('solc/package.json') as { version: string }).version;
  const key = createHash('sha256').update(solcVersion).update(SOURCE).digest('hex').slice(0, 16);
  const file = join(cacheDir, `farcaster-id-registry-${key}.json`);
  try {
    const cached = JSON.parse(await readFile(file, 'utf8')) as { runtime?: string };
    if (cached.runtime?.startsWith('0x')) return cached.runtime as Hex;
  } catch {
    // not compiled yet
  }
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'LocalIdRegistry.sol': { content: SOURCE } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const runtime = `0x${output.contracts?.['LocalIdRegistry.sol']?.['LocalIdRegistry']?.evm.deployedBytecode.object ?? ''}` as Hex;
  if (runtime === '0x') throw new Error('solc produced no bytecode for LocalIdRegistry');
  await mkdir(cacheDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify({ runtime }));
  await rename(temporary, file);
  return runtime;
}

async function rpc(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

const slotOf = (key: Hex, slot: number): Hex => keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }], [pad(key), BigInt(slot)]));

/** Places the registry on the chain at `rpcUrl` and registers `fids` (default LOCAL_FIDS). */
export async function installIdRegistry(rpcUrl: string, fids: readonly Pick<LocalFid, 'fid' | 'custody'>[] = LOCAL_FIDS): Promise<void> {
  await rpc(rpcUrl, 'anvil_setCode', [ID_REGISTRY_ADDRESS, await runtimeBytecode()]);
  for (const { fid, custody } of fids) {
    await rpc(rpcUrl, 'anvil_setStorageAt', [ID_REGISTRY_ADDRESS, slotOf(custody.address, 0), pad(numberToHex(fid))]);
    await rpc(rpcUrl, 'anvil_setStorageAt', [ID_REGISTRY_ADDRESS, slotOf(numberToHex(fid), 1), pad(custody.address)]);
  }
}
