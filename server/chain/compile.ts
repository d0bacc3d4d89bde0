/**
 * Compiles our Solidity (server/chain/contracts/*.sol, importing OpenZeppelin and Solady from node_modules) with
 * solc-js, once: the ABI and bytecode land in `.cache/contracts/<hash>.json`, keyed by a hash of the sources,
 * the compiler and OpenZeppelin versions and the settings, so later starts only read a JSON file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';
import { PROJECT_ROOT } from '../paths.js';

export interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

/** Our contracts, by contract name. */
export type CompiledContracts = Record<'LocalToken' | 'FreeMintPrize' | 'LocalUniversalResolver' | 'LocalSmartAccount' | 'LocalSmartAccountFactory', Artifact>;

export interface CompileResult {
  contracts: CompiledContracts;
  /** False when solc ran in this call (cache miss). */
  cached: boolean;
  cacheFile: string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}
interface Solc {
  compile(input: string, callbacks: { import(path: string): { contents: string } | { error: string } }): string;
}

const require = createRequire(import.meta.url);
const CONTRACTS_DIR = fileURLToPath(new URL('./contracts/', import.meta.url));
const CONTRACT_NAMES = ['LocalToken', 'FreeMintPrize', 'LocalUniversalResolver', 'LocalSmartAccount', 'LocalSmartAccountFactory'] as const;
/** cancun: OpenZeppelin 5.7's Bytes.sol (pulled in by ERC721 via Strings) uses mcopy. anvil 1.7 runs prague. */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

async function readSources(dir: string): Promise<Record<string, { content: string }>> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sol')).sort();
  const sources: Record<string, { content: string }> = {};
  for (const file of files) sources[file] = { content: await readFile(join(dir, file), 'utf8') };
  return sources;
}

/** `@openzeppelin/...` (and any other package import) resolves through node_modules. */
function findImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `import not found in node_modules: ${path}` };
  }
}

function runSolc(sources: Record<string, { content: string }>): CompiledContracts {
  // Loaded only on a cache miss: requiring solc alone costs about a second (it instantiates the wasm).
  const solc = require('solc') as Solc;
  const input = { language: 'Solidity', sources, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);

  const found: Partial<CompiledContracts> = {};
  for (const file of Object.keys(sources)) {
    for (const [name, contract] of Object.entries(output.contracts?.[file] ?? {})) {
      if ((CONTRACT_NAMES as readonly string[]).includes(name)) {
        found[name as keyof CompiledContracts] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
      }
    }
  }
  const missing = CONTRACT_NAMES.filter((name) => !found[name]?.bytecode || found[name]?.bytecode === '0x');
  if (missing.length > 0) throw new Error(`solc produced no bytecode for ${missing.join(', ')}`);
  return found as CompiledContracts;
}

async function readCache(file: string): Promise<CompiledContracts | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<CompiledContracts>;
    return CONTRACT_NAMES.every((name) => parsed[name]?.bytecode?.startsWith('0x')) ? (parsed as CompiledContracts) : undefined;
  } catch {
    return undefined; // absent or unreadable (e.g. a half-written file from an old crash): compile again
  }
}

export interface CompileOptions {
  /** Where the cache lives; defaults to `<project>/.cache/contracts`. */
  cacheDir?: string;
  log?: (line: string) => void;
}

async function compile({ cacheDir = join(PROJECT_ROOT, '.cache', 'contracts'), log = console.log }: CompileOptions): Promise<CompileResult> {
  const sources = await readSources(CONTRACTS_DIR);
  const key = createHash('sha256')
    .update(JSON.stringify({ solc: packageVersion('solc'), oz: packageVersion('@openzeppelin/contracts'), solady: packageVersion('solady'), SETTINGS, sources }))
    .digest('hex')
    .slice(0, 16);
  const cacheFile = join(cacheDir, `${key}.json`);

  const hit = await readCache(cacheFile);
  if (hit) return { contracts: hit, cached: true, cacheFile };

  log('compiling contracts (cached after the first run)');
  const contracts = runSolc(sources);
  await mkdir(cacheDir, { recursive: true });
  // Write then rename: another process starting at the same time never reads a half-written file.
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(contracts));
  await rename(temporary, cacheFile);
  return { contracts, cached: false, cacheFile };
}

const pending = new Map<string, Promise<CompileResult>>();

/**
 * The compiled contracts, from the cache when it is current. Concurrent calls in one process (two chains
 * seeding in parallel) share one run; once it settles, the next call reads the cache file again.
 */
export function compileContracts(options: CompileOptions = {}): Promise<CompileResult> {
  const id = options.cacheDir ?? '';
  let result = pending.get(id);
  if (!result) {
    result = compile(options).finally(() => pending.delete(id));
    pending.set(id, result);
  }
  return result;
}
