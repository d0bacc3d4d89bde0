/**
 * Names in the registration zone (docs/wire-formats.md#wallet-data-api), kept on ENS on the local chain:
 * `POST /v1/profile/account` checks the signed message and writes `<label>.<zone>` to the registry and the
 * PublicResolver (owner, resolver, the addr records), so viem's getEnsAddress resolves it; the zone's reverse
 * index (`<hex address>._addr.<zone>`, a `name` record) answers reverse lookups and identity.
 */
import {
  createWalletClient, defineChain, encodeFunctionData, getAddress, http, labelhash, namehash, parseAbi,
  type Account, type Address, type Hash, type Hex,
} from 'viem';
import { normalize } from 'viem/ens';
import { DEFAULT_NAME_ZONE, ZONE_REVERSE_LABEL } from '../chain/ens.js';
import type { ApiChain, ChainRegistry } from './chains.js';
import { ApiError } from './errors.js';
import { FixedWindowLimiter } from './rate-limit.js';

/** The label rule of the reference (docs/wire-formats.md#names), bounded by the DNS label length. */
/** 4 to 63 letters, digits and hyphens, neither first nor last a hyphen (a DNS label). */
export const LABEL_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9-]{2,61}[a-zA-Z0-9]$/;
/** A signed message older than this (or this far in the future) is refused. */
export const MESSAGE_MAX_AGE_S = 10 * 60;
const MESSAGE_MAX_SKEW_S = 60;
const EVM_COIN_TYPE = 60;

/** ENSIP-11: the coin type of an EVM chain (60 is also accepted on chain 1, which ENSIP-11 maps to 60). */
export const coinTypeOf = (chainId: number): number => (0x80000000 | chainId) >>> 0;

export interface ProfileRecord {
  name: string;
  registered_at: string;
  addresses: Record<string, { address: string; created: string }>;
  attributes: { avatar?: string; bio?: string }[];
}

export interface NamesOptions {
  /** Owns the zone on the ENS chain and pays for the writes (the seed's deployer). */
  registrar: Account;
  /** Default DEFAULT_NAME_ZONE; must be the zone the seed created (SeededChain.ens.zone). */
  zone?: string;
  /** Unix seconds; tests move it. */
  now?: () => number;
  /** Names one client address (IP) may register an hour; default 10. Past it, 429. */
  perClientPerHour?: number;
  /** Registration attempts for one account address an hour; default 10. Past it, 429. */
  perAddressPerHour?: number;
  /** Names the registrar registers (and pays for) an hour in all; default 200. Past it, 429. */
  perHour?: number;
}

/** Labels nobody registers: they would pass for the service's or the zone's own. */
export const RESERVED_LABELS: ReadonlySet<string> = new Set([
  'admin', 'administrator', 'root', 'support', 'help', 'helpdesk', 'security', 'official', 'team', 'staff', 'system',
  'moderator', 'abuse', 'postmaster', 'hostmaster', 'webmaster', 'info', 'wallet', 'reown', 'walletconnect', 'appkit',
  'null', 'undefined', 'test', 'www', 'mail', 'registrar', 'resolver',
]);
const HOUR_MS = 3_600_000;

const registryAbi = parseAbi([
  'function owner(bytes32 node) view returns (address)',
  'function setSubnodeRecord(bytes32 node, bytes32 label, address owner, address resolver, uint64 ttl)',
  'function setOwner(bytes32 node, address owner)',
  'event NewOwner(bytes32 indexed node, bytes32 indexed label, address owner)',
]);
const resolverAbi = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function name(bytes32 node) view returns (string)',
  'function setAddr(bytes32 node, address a)',
  'function setAddr(bytes32 node, uint256 coinType, bytes a)',
  'function setName(bytes32 node, string name)',
  'function multicall(bytes[] data) returns (bytes[])',
]);

const refuse = (status: 400 | 401 | 409, name: string, description: string) => new ApiError(status, [{ name, description }]);
const tooMany = (description: string) => new ApiError(429, [{ name: 'rate', description }]);

/** The message the widget signs: `{"name":"<label>.<zone>","attributes":{},"timestamp":<unix s>}`. */
function parseMessage(message: string): { name: string; timestamp: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    throw refuse(400, 'message', 'message must be the JSON {"name","attributes","timestamp"}');
  }
  const { name, timestamp } = (parsed ?? {}) as { name?: unknown; timestamp?: unknown };
  if (typeof name !== 'string') throw refuse(400, 'message', 'message must name the name to register');
  if (typeof timestamp !== 'number' || !Number.isInteger(timestamp)) throw refuse(400, 'timestamp', 'message must carry a timestamp in unix seconds');
  return { name, timestamp };
}

export class NameService {
  readonly zone: string;
  private readonly now: () => number;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly perClientPerHour: number;
  private readonly perAddressPerHour: number;
  private readonly perHour: number;
  private readonly byClient: FixedWindowLimiter;
  private readonly byAddress: FixedWindowLimiter;
  private readonly overall: FixedWindowLimiter;

  constructor(
    private readonly chains: ChainRegistry,
    private readonly options: NamesOptions,
    /** Called with each address that got a name (the identity cache forgets it). */
    private readonly onRegistered: (address: Address) => void = () => undefined,
  ) {
    this.zone = options.zone ?? DEFAULT_NAME_ZONE;
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.perClientPerHour = options.perClientPerHour ?? 10;
    this.perAddressPerHour = options.perAddressPerHour ?? 10;
    this.perHour = options.perHour ?? 200;
    this.byClient = new FixedWindowLimiter(this.perClientPerHour, HOUR_MS);
    this.byAddress = new FixedWindowLimiter(this.perAddressPerHour, HOUR_MS);
    this.overall = new FixedWindowLimiter(this.perHour, HOUR_MS);
  }

  /** The ENS chain, when it holds this zone. */
  private home(): { chain: ApiChain; ens: NonNullable<ApiChain['seeded']>['ens'] } | undefined {
    const chain = this.chains.ensChain();
    const ens = chain?.seeded?.ens;
    return chain && ens && ens.zone === this.zone ? { chain, ens } : undefined;
  }

  /** `label` in the zone, or an error naming what is wrong with it. */
  label(input: string): string {
    const label = input.endsWith(`.${this.zone}`) ? input.slice(0, -this.zone.length - 1) : input;
    if (!LABEL_PATTERN.test(label)) {
      throw refuse(400, 'name', `a name is at least 4 characters: letters a–z, digits 0–9 and hyphens, not starting or ending with a hyphen (got "${label}")`);
    }
    let normalized: string;
    try {
      normalized = normalize(label.toLowerCase());
    } catch {
      throw refuse(400, 'name', `"${label}" is not a valid ENS label`);
    }
    if (RESERVED_LABELS.has(normalized)) throw refuse(400, 'name', `"${normalized}" is reserved`);
    return normalized;
  }

  private async owner(node: Hex): Promise<Address> {
    const home = this.home();
    if (!home) return '0x0000000000000000000000000000000000000000';
    return home.chain.client.readContract({ address: home.ens.registry, abi: registryAbi, functionName: 'owner', args: [node] });
  }

  async isTaken(label: string): Promise<boolean> {
    return BigInt(await this.owner(namehash(`${label}.${this.zone}`))) !== 0n;
  }

  private reverseNode(address: Address): Hex {
    return namehash(`${address.slice(2).toLowerCase()}.${ZONE_REVERSE_LABEL}.${this.zone}`);
  }

  /** The zone name `address` registered, read from the zone's reverse index and checked forward. */
  async nameOf(address: Address): Promise<string | undefined> {
    const home = this.home();
    if (!home) return undefined;
    const { client } = home.chain;
    const name = await client.readContract({ address: home.ens.publicResolver, abi: resolverAbi, functionName: 'name', args: [this.reverseNode(address)] });
    if (!name) return undefined;
    const forward = await client.readContract({ address: home.ens.publicResolver, abi: resolverAbi, functionName: 'addr', args: [namehash(name)] });
    return forward.toLowerCase() === address.toLowerCase() ? name : undefined;
  }

  /** The reference's record (docs/wire-formats.md#wallet-data-api) of a zone name, from the chain; undefined when free. */
  async record(name: string): Promise<ProfileRecord | undefined> {
    const home = this.home();
    if (!home) return undefined;
    const { client } = home.chain;
    const node = namehash(name);
    const address = await client.readContract({ address: home.ens.publicResolver, abi: resolverAbi, functionName: 'addr', args: [node] });
    if (BigInt(address) === 0n) return undefined;
    const [label, ...rest] = name.split('.');
    const logs = await client.getLogs({
      address: home.ens.registry,
      event: registryAbi[3],
      args: { node: namehash(rest.join('.')), label: labelhash(label!) },
      fromBlock: 0n,
    });
    const block = logs[0]?.blockHash ? await client.getBlock({ blockHash: logs[0].blockHash }) : undefined;
    const created = new Date(Number(block?.timestamp ?? 0n) * 1000).toISOString();
    const addresses: ProfileRecord['addresses'] = { [EVM_COIN_TYPE]: { address: getAddress(address), created } };
    for (const chain of this.chains.all()) {
      const coinType = coinTypeOf(chain.chainId);
      const bytes = await client.readContract({ address: home.ens.publicResolver, abi: resolverAbi, functionName: 'addr', args: [node, BigInt(coinType)] });
      if (bytes.length === 42) addresses[coinType] = { address: getAddress(bytes), created };
    }
    return { name, registered_at: created, addresses, attributes: [] };
  }

  /** Free names in the zone near `input` (docs/wire-formats.md#wallet-data-api): only names nobody holds. */
  async suggestions(input: string): Promise<{ name: string; registered: false }[]> {
    const base = input.replace(/\.[^]*$/, '').toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 50);
    if (!this.home() || base.length === 0) return [];
    const stem = base.padEnd(4, '0');
    const year = new Date(this.now() * 1000).getUTCFullYear();
    const candidates = [...new Set([stem, `${stem}-wcm`, `${stem}${year}`, `the-${stem}`, `${stem}-id`, `${stem}1`, `${stem}42`, `${stem}-web3`])];
    const free = await Promise.all(candidates.map(async (label) => ((await this.isTaken(label)) ? undefined : label)));
    return free.filter((label) => label !== undefined).slice(0, 5).map((label) => ({ name: `${label}.${this.zone}`, registered: false as const }));
  }

  /**
   * `POST /v1/profile/account`: checks, then writes the name on chain; one registration at a time. `client`
   * (the caller's IP address) and the account address are rate-limited, and so is the registrar's spend.
   */
  register(body: { coin_type?: unknown; address?: unknown; message?: unknown; signature?: unknown }, client = 'local'): Promise<ProfileRecord> {
    const run = this.queue.then(() => this.registerNow(body, client));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async registerNow(body: { coin_type?: unknown; address?: unknown; message?: unknown; signature?: unknown }, client: string): Promise<ProfileRecord> {
    const { coin_type: coinType, address: rawAddress, message, signature } = body;
    if (typeof rawAddress !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(rawAddress)) throw refuse(400, 'address', 'address must be an EVM address');
    if (typeof message !== 'string') throw refuse(400, 'message', 'message is required');
    if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) throw refuse(400, 'signature', 'signature must be hex');
    if (typeof coinType !== 'number' || !Number.isInteger(coinType)) throw refuse(400, 'coin_type', 'coin_type must be an ENSIP-11 coin type');
    const chain = this.chains.all().find((c) => coinTypeOf(c.chainId) === coinType || (c.chainId === 1 && coinType === EVM_COIN_TYPE));
    if (!chain) throw refuse(400, 'coin_type', `coin_type ${coinType} is not an EVM chain this service serves (ENSIP-11: 0x80000000 | chainId)`);
    const address = getAddress(rawAddress);
    if (!this.byClient.allows(client)) throw tooMany(`at most ${this.perClientPerHour} names an hour from one client address; try again later`);
    if (!this.byAddress.take(address)) throw tooMany(`at most ${this.perAddressPerHour} registration attempts an hour for one address; try again later`);

    const { name, timestamp } = parseMessage(message);
    if (!name.endsWith(`.${this.zone}`)) throw refuse(400, 'name', `names are registered in ${this.zone}: <name>.${this.zone}`);
    const label = this.label(name);
    const age = this.now() - timestamp;
    if (age > MESSAGE_MAX_AGE_S || age < -MESSAGE_MAX_SKEW_S) throw refuse(400, 'timestamp', 'the signed message has expired: sign a new one');
    const valid = await chain.client.verifyMessage({ address, message, signature: signature as Hex }).catch(() => false);
    if (!valid) throw refuse(401, 'signature', `the signature is not ${address}'s signature of this message`);

    const home = this.home();
    if (!home) throw new ApiError(502, [{ name: 'zone', description: `${this.zone} is not deployed on the name chain` }]);
    const fullName = `${label}.${this.zone}`;
    const existing = await this.nameOf(address);
    if (existing) throw refuse(409, 'address', `${address} already has the name ${existing}; one name per address`);
    if (await this.isTaken(label)) throw refuse(409, 'name', `${fullName} is already taken`);
    if (!this.overall.take('registrar')) throw tooMany(`the registrar registers at most ${this.perHour} names an hour; try again later`);
    this.byClient.take(client);

    await this.write(home, address, label, coinType === EVM_COIN_TYPE ? undefined : coinType);
    this.onRegistered(address);
    const record = await this.record(fullName);
    if (!record) throw new ApiError(502, [{ name: 'name', description: `${fullName} did not resolve after registering` }]);
    return record;
  }

  private async write(home: NonNullable<ReturnType<NameService['home']>>, address: Address, label: string, coinType: number | undefined): Promise<void> {
    const { chain, ens } = home;
    const wallet = createWalletClient({
      account: this.options.registrar,
      chain: defineChain({ id: chain.chainId, name: `Local ${chain.chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } }),
      transport: http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 }),
    });
    const confirm = async (sent: Promise<Hash>, what: string) => {
      const hash = await sent;
      const receipt =
        (await chain.client.getTransactionReceipt({ hash }).catch(() => undefined)) ??
        (await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 15_000 }));
      if (receipt.status !== 'success') throw new Error(`names: ${what} reverted (tx ${hash})`);
    };
    const registrar = this.options.registrar.address;
    const fullName = `${label}.${this.zone}`;
    const node = namehash(fullName);
    const onRegistry = { address: ens.registry, abi: registryAbi } as const;
    // The registrar holds both nodes while it writes their records, then hands the name to the address.
    await confirm(wallet.writeContract({ ...onRegistry, functionName: 'setSubnodeRecord', args: [namehash(this.zone), labelhash(label), registrar, ens.publicResolver, 0n] }), `creating ${fullName}`);
    await confirm(
      wallet.writeContract({
        ...onRegistry,
        functionName: 'setSubnodeRecord',
        args: [namehash(`${ZONE_REVERSE_LABEL}.${this.zone}`), labelhash(address.slice(2).toLowerCase()), registrar, ens.publicResolver, 0n],
      }),
      `creating the reverse node of ${address}`,
    );
    const calls: Hex[] = [
      encodeFunctionData({ abi: resolverAbi, functionName: 'setAddr', args: [node, address] }),
      encodeFunctionData({ abi: resolverAbi, functionName: 'setName', args: [this.reverseNode(address), fullName] }),
    ];
    if (coinType !== undefined) calls.push(encodeFunctionData({ abi: resolverAbi, functionName: 'setAddr', args: [node, BigInt(coinType), address.toLowerCase() as Hex] }));
    await confirm(wallet.writeContract({ address: ens.publicResolver, abi: resolverAbi, functionName: 'multicall', args: [calls] }), `setting the records of ${fullName}`);
    await confirm(wallet.writeContract({ ...onRegistry, functionName: 'setOwner', args: [node, address] }), `giving ${fullName} to ${address}`);
  }
}
