/**
 * ENS on the local chain: the registry and reverse registrar of @ensdomains/ens 0.6.2, the PublicResolver of
 * @ensdomains/resolver 0.3.1, and our LocalUniversalResolver (what viem's getEnsName/getEnsAddress/
 * getEnsAvatar call). Registers the names below with an address, an avatar and a primary (reverse) name.
 */
import { labelhash, namehash, parseAbi, zeroHash, type Address } from 'viem';
import { npmArtifact, type SeedContext } from './clients.js';
import type { CompiledContracts } from './compile.js';
import type { Role } from './design.js';
import { avatar } from './icons.js';
import type { SeededChain } from './types.js';

/**
 * The registration zone: the parent of the names visitors register through `POST /v1/profile/account`
 * (server/api/names.ts). The reference's zone (docs/wire-formats.md#names), created on the local ENS and owned by the
 * deployer, so the widget's messages (`"<label>.reown.id"`) are the hosted service's verbatim.
 */
export const DEFAULT_NAME_ZONE = 'reown.id';
/**
 * Under the zone, `<hex address>.<this>.<zone>` holds the zone's reverse record (a `name` record) of each
 * address that registered: the service cannot set an account's own `addr.reverse` record (only the account
 * can), so it keeps its reverse index on chain here. Not a registrable label (the rule is `[a-z0-9-]{4,}`).
 */
export const ZONE_REVERSE_LABEL = '_addr';

export const ENS_NAMES: { label: string; role: Role; avatar: string }[] = [
  { label: 'dev', role: 'dev', avatar: avatar('dev', '#ff6b6b', '#845ef7') },
  { label: 'alice', role: 'alice', avatar: avatar('alice', '#20c997', '#228be6') },
];

const registryAbi = parseAbi([
  'function setSubnodeOwner(bytes32 node, bytes32 label, address owner) returns (bytes32)',
  'function setSubnodeRecord(bytes32 node, bytes32 label, address owner, address resolver, uint64 ttl)',
  'function setOwner(bytes32 node, address owner)',
]);
const registryReadAbi = parseAbi(['function owner(bytes32 node) view returns (address)']);
const resolverAbi = parseAbi([
  'function setAddr(bytes32 node, address a)',
  'function setText(bytes32 node, string key, string value)',
]);
const reverseRegistrarAbi = parseAbi(['function setName(string name) returns (bytes32)']);

export async function deployEns(ctx: SeedContext, contracts: CompiledContracts, zone = DEFAULT_NAME_ZONE): Promise<SeededChain['ens']> {
  const deployer = ctx.addresses.deployer;
  const wallet = ctx.wallets.deployer;
  const registry = await ctx.deploy('deployer', npmArtifact('@ensdomains/ens/build/contracts/ENSRegistry.json'));
  const publicResolver = await ctx.deploy('deployer', npmArtifact('@ensdomains/resolver/build/contracts/PublicResolver.json'), [registry]);
  const onRegistry = { address: registry, abi: registryAbi } as const;
  const onResolver = { address: publicResolver, abi: resolverAbi } as const;

  await ctx.confirm(
    wallet.writeContract({ ...onRegistry, functionName: 'setSubnodeOwner', args: [zeroHash, labelhash('eth'), deployer] }),
    'creating eth',
  );
  const names: SeededChain['ens']['names'] = [];
  for (const entry of ENS_NAMES) {
    const name = `${entry.label}.eth`;
    const node = namehash(name);
    const holder: Address = ctx.addresses[entry.role];
    // The deployer sets the records while it owns the name, then hands the name to its holder.
    await ctx.confirm(
      wallet.writeContract({
        ...onRegistry,
        functionName: 'setSubnodeRecord',
        args: [namehash('eth'), labelhash(entry.label), deployer, publicResolver, 0n],
      }),
      `creating ${name}`,
    );
    await ctx.confirm(wallet.writeContract({ ...onResolver, functionName: 'setAddr', args: [node, holder] }), `setting the address of ${name}`);
    await ctx.confirm(
      wallet.writeContract({ ...onResolver, functionName: 'setText', args: [node, 'avatar', entry.avatar] }),
      `setting the avatar of ${name}`,
    );
    await ctx.confirm(wallet.writeContract({ ...onRegistry, functionName: 'setOwner', args: [node, holder] }), `giving ${name} to its holder`);
    names.push({ name, address: holder, avatar: entry.avatar });
  }

  const reverseRegistrar = await ctx.deploy('deployer', npmArtifact('@ensdomains/ens/build/contracts/ReverseRegistrar.json'), [
    registry,
    publicResolver,
  ]);
  await ctx.confirm(
    wallet.writeContract({ ...onRegistry, functionName: 'setSubnodeOwner', args: [zeroHash, labelhash('reverse'), deployer] }),
    'creating reverse',
  );
  await ctx.confirm(
    wallet.writeContract({ ...onRegistry, functionName: 'setSubnodeOwner', args: [namehash('reverse'), labelhash('addr'), reverseRegistrar] }),
    'handing addr.reverse to the reverse registrar',
  );
  const universalResolver = await ctx.deploy('deployer', contracts.LocalUniversalResolver, [registry]);

  // Primary names: each holder claims its own, as a user would (one transaction from each account).
  for (const entry of ENS_NAMES) {
    await ctx.confirm(
      ctx.wallets[entry.role].writeContract({
        address: reverseRegistrar,
        abi: reverseRegistrarAbi,
        functionName: 'setName',
        args: [`${entry.label}.eth`],
      }),
      `setting the primary name of ${entry.role}`,
    );
  }
  await createZone(ctx, registry, publicResolver, zone);
  return { registry, universalResolver, publicResolver, names, zone };
}

/** Creates `zone` (and any missing parent) for the deployer, with the resolver, and its reverse index node. */
async function createZone(ctx: SeedContext, registry: Address, publicResolver: Address, zone: string): Promise<void> {
  const labels = zone.split('.');
  const onRegistry = { address: registry, abi: registryAbi } as const;
  const deployer = ctx.addresses.deployer;
  for (let i = labels.length - 1; i >= 0; i--) {
    const parent = i === labels.length - 1 ? zeroHash : namehash(labels.slice(i + 1).join('.'));
    const owned = ctx.publicClient.readContract({ ...onRegistry, abi: registryReadAbi, functionName: 'owner', args: [namehash(labels.slice(i).join('.'))] });
    if ((await owned) === deployer) continue; // e.g. eth, already created above
    await ctx.confirm(
      ctx.wallets.deployer.writeContract({ ...onRegistry, functionName: 'setSubnodeRecord', args: [parent, labelhash(labels[i]!), deployer, publicResolver, 0n] }),
      `creating ${labels.slice(i).join('.')}`,
    );
  }
  await ctx.confirm(
    ctx.wallets.deployer.writeContract({ ...onRegistry, functionName: 'setSubnodeRecord', args: [namehash(zone), labelhash(ZONE_REVERSE_LABEL), deployer, publicResolver, 0n] }),
    `creating ${ZONE_REVERSE_LABEL}.${zone}`,
  );
}
