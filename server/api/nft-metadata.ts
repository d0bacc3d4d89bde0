import { erc721Abi, type Address } from 'viem';
import type { ChainRegistry } from './chains.js';

/** `nft_info.content` of docs/wire-formats.md#wallet-data-api */
export interface NftContent {
  preview?: { url: string; content_type?: string };
  detail?: { url: string; content_type?: string };
}

export interface NftMetadata {
  name?: string;
  content?: NftContent;
}

const MAX_CACHED = 5000;

/** The JSON of a `data:application/json` token URI (base64 or percent-encoded); undefined for anything else. */
export function parseDataJsonUri(uri: string): Record<string, unknown> | undefined {
  const match = /^data:application\/json(;charset=[^;,]+)?(;base64)?,(.*)$/is.exec(uri);
  if (!match) return undefined;
  try {
    const text = match[2] ? Buffer.from(match[3] as string, 'base64').toString('utf8') : decodeURIComponent(match[3] as string);
    const json: unknown = JSON.parse(text);
    return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const contentTypeOf = (url: string): string | undefined => /^data:([^;,]+)/.exec(url)?.[1];

/**
 * ERC-721 token metadata for history items: name and image from `tokenURI`. Only `data:` metadata is read;
 * the server does not fetch URLs that token contracts point at (they are chosen by whoever deployed them).
 */
export class NftMetadataReader {
  private readonly cache = new Map<string, Promise<NftMetadata>>();

  constructor(private readonly chains: ChainRegistry) {}

  get(chainId: number, token: string, tokenId: string): Promise<NftMetadata> {
    const key = `${chainId}:${token}:${tokenId}`;
    let metadata = this.cache.get(key);
    if (!metadata) {
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      metadata = this.read(chainId, token as Address, BigInt(tokenId));
      this.cache.set(key, metadata);
    }
    return metadata;
  }

  private async read(chainId: number, token: Address, tokenId: bigint): Promise<NftMetadata> {
    const chain = this.chains.get(chainId);
    if (!chain) return {};
    const uri = await chain.client.readContract({ address: token, abi: erc721Abi, functionName: 'tokenURI', args: [tokenId] }).catch(() => undefined);
    const json = uri ? parseDataJsonUri(uri) : undefined;
    if (!json) return {};
    const name = typeof json.name === 'string' && json.name ? json.name : undefined;
    const image = typeof json.image === 'string' && /^(https?:|ipfs:|data:image\/)/.test(json.image) ? json.image : undefined;
    const media = image ? { url: image, ...(contentTypeOf(image) ? { content_type: contentTypeOf(image) } : {}) } : undefined;
    return { ...(name ? { name } : {}), ...(media ? { content: { preview: media, detail: media } } : {}) };
  }
}
