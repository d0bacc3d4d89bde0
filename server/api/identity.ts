import type { Address } from 'viem';
import { normalize } from 'viem/ens';
import type { ChainRegistry } from './chains.js';

/** `GET /v1/identity/{address}` (docs/wire-formats.md#wallet-data-api). */
export interface Identity {
  name: string | null;
  avatar: string | null;
}

/** docs/specification.md#constants: names and identities are cached for 5 minutes. */
export const IDENTITY_CACHE_MS = 5 * 60_000;
/** Identities kept at most: any address can be asked for, so the cache is bounded (expired, then oldest, go). */
export const IDENTITY_CACHE_MAX = 10_000;

/**
 * ENS primary name (reverse record, checked forward by the Universal Resolver) and its `avatar` text record,
 * from the ENS deployed on the local chain. The avatar record is returned as stored (a URL or data: URI),
 * not fetched: the server should not reach out to the URLs users put in records.
 */
export class IdentityResolver {
  private readonly cache = new Map<string, { at: number; identity: Promise<Identity> }>();
  /** The registration zone's reverse index (names.ts): the name when the address has no primary ENS name. */
  zoneName: ((address: Address) => Promise<string | undefined>) | undefined;

  constructor(
    private readonly chains: ChainRegistry,
    private readonly cacheMs = IDENTITY_CACHE_MS,
  ) {}

  resolve(address: Address): Promise<Identity> {
    const key = address.toLowerCase();
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < this.cacheMs) return cached.identity;
    const identity = this.lookup(address);
    this.cache.delete(key);
    if (this.cache.size >= IDENTITY_CACHE_MAX) {
      const now = Date.now();
      for (const [old, entry] of this.cache) if (now - entry.at >= this.cacheMs) this.cache.delete(old);
      for (const old of this.cache.keys()) {
        if (this.cache.size < IDENTITY_CACHE_MAX) break;
        this.cache.delete(old);
      }
    }
    this.cache.set(key, { at: Date.now(), identity });
    identity.catch(() => this.cache.delete(key)); // the chain was unreachable: try again next time
    return identity;
  }

  /** Identities cached (expired ones included until they are asked for again or pushed out). */
  get cacheSize(): number {
    return this.cache.size;
  }

  /** Drops the cached identity of `address` (it just got a name). */
  forget(address: Address): void {
    this.cache.delete(address.toLowerCase());
  }

  /**
   * Forward resolution for the name endpoint (docs/wire-formats.md#wallet-data-api): the address a name points to and
   * its avatar; undefined when the name is not registered.
   */
  async resolveName(name: string): Promise<{ name: string; address: Address; avatar: string | null } | undefined> {
    const chain = this.chains.ensChain();
    const ens = chain?.seeded?.ens;
    if (!chain || !ens) return undefined;
    let normalized: string;
    try {
      normalized = normalize(name);
    } catch {
      return undefined; // not a valid ENS name at all
    }
    const universalResolverAddress = ens.universalResolver;
    const address = await chain.client.getEnsAddress({ name: normalized, universalResolverAddress });
    if (!address) return undefined;
    const avatar = await chain.client.getEnsText({ name: normalized, key: 'avatar', universalResolverAddress }).catch(() => null);
    return { name: normalized, address, avatar: avatar || null };
  }

  private async lookup(address: Address): Promise<Identity> {
    const chain = this.chains.ensChain();
    const ens = chain?.seeded?.ens;
    if (!chain || !ens) return { name: null, avatar: null };
    const universalResolverAddress = ens.universalResolver;
    const name = (await chain.client.getEnsName({ address, universalResolverAddress })) ?? (await this.zoneName?.(address));
    if (!name) return { name: null, avatar: null };
    const avatar = await chain.client
      .getEnsText({ name: normalize(name), key: 'avatar', universalResolverAddress })
      .catch(() => null);
    return { name, avatar: avatar || null };
  }
}
