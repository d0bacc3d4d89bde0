import { erc20Abi, type Address } from 'viem';
import type { ChainRegistry } from './chains.js';
import { placeholderIconUrl } from './icons.js';
import type { IndexStore, TokenRecord } from './store.js';

export interface TokenInfo extends TokenRecord {
  iconUrl: string;
  /** NFT collections the seed marked as airdropped spam. */
  spam: boolean;
}

/**
 * Name, symbol and decimals of each token contract, read from the chain once and kept in the index; the
 * seeded tokens' own metadata (icon, spam flag) wins where the seed knows the contract.
 */
export class TokenCatalog {
  private readonly pending = new Map<string, Promise<TokenInfo | undefined>>();

  constructor(
    private readonly store: IndexStore,
    private readonly chains: ChainRegistry,
  ) {}

  /** Metadata already known (seeded or stored), without touching the chain. */
  async known(chainId: number, address: string): Promise<TokenInfo | undefined> {
    const seeded = this.seeded(chainId, address);
    if (seeded) return seeded;
    const stored = await this.store.token(chainId, address);
    return stored ? { ...stored, iconUrl: placeholderIconUrl(stored.symbol), spam: false } : undefined;
  }

  /** Known metadata, or read it from the contract (`kind` says which ABI to try first). Undefined if it has none. */
  async get(chainId: number, address: string, kind: TokenRecord['kind'] = 'erc20'): Promise<TokenInfo | undefined> {
    const known = await this.known(chainId, address);
    if (known) return known;
    const key = `${chainId}:${address.toLowerCase()}`;
    let read = this.pending.get(key);
    if (!read) {
      read = this.read(chainId, address.toLowerCase() as Address, kind).finally(() => this.pending.delete(key));
      this.pending.set(key, read);
    }
    return read;
  }

  private seeded(chainId: number, address: string): TokenInfo | undefined {
    const seeded = this.chains.get(chainId)?.seeded;
    if (!seeded) return undefined;
    const lowered = address.toLowerCase();
    const token = seeded.tokens.find((t) => t.address.toLowerCase() === lowered);
    if (token) return { chainId, address: lowered, kind: 'erc20', name: token.name, symbol: token.symbol, decimals: token.decimals, iconUrl: token.iconUrl, spam: false };
    const nft = seeded.nfts.find((n) => n.address.toLowerCase() === lowered);
    if (nft) return { chainId, address: lowered, kind: 'erc721', name: nft.name, symbol: nft.symbol, decimals: null, iconUrl: placeholderIconUrl(nft.symbol), spam: nft.spam };
    return undefined;
  }

  /** ERC-721 `name()` / `symbol()` have the ERC-20 selectors, so one ABI reads both kinds. */
  private async read(chainId: number, address: Address, kind: TokenRecord['kind']): Promise<TokenInfo | undefined> {
    const chain = this.chains.get(chainId);
    if (!chain) return undefined;
    const call = <T>(promise: Promise<T>): Promise<T | undefined> => promise.catch(() => undefined);
    const [name, symbol, decimals] = await Promise.all([
      call(chain.client.readContract({ address, abi: erc20Abi, functionName: 'name' })),
      call(chain.client.readContract({ address, abi: erc20Abi, functionName: 'symbol' })),
      kind === 'erc20' ? call(chain.client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })) : Promise.resolve(undefined),
    ]);
    if (name === undefined && symbol === undefined && decimals === undefined) {
      // Not a contract with metadata (yet: it may be called before its deployment is visible). Do not store.
      if (kind === 'erc721') return undefined;
      const code = await call(chain.client.getCode({ address }));
      if (!code || code === '0x') return undefined;
    }
    const record: TokenRecord = {
      chainId,
      address,
      kind,
      name: name ?? symbol ?? '',
      symbol: symbol ?? name ?? '',
      decimals: kind === 'erc20' ? (decimals ?? 18) : null,
    };
    await this.store.saveToken(record);
    return { ...record, iconUrl: placeholderIconUrl(record.symbol), spam: false };
  }
}
