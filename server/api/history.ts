import { getAddress } from 'viem';
import type { ApiChain } from './chains.js';
import { encodeCursor } from './cursor.js';
import { NATIVE_CURRENCY, quantify } from './balances.js';
import { NATIVE_ICON_URL } from './icons.js';
import { NATIVE, type PriceOracle } from './prices.js';
import type { HistoryPosition, IndexStore, StoredTransfer, StoredTx } from './store.js';
import type { TokenCatalog } from './token-metadata.js';
import { ZERO_ADDRESS } from './block-parser.js';
import type { NftContent, NftMetadataReader } from './nft-metadata.js';

/** `TransactionTransfer` of docs/wire-formats.md#wallet-data-api */
export interface TransactionTransfer {
  fungible_info?: { name: string; symbol: string; icon: { url: string } };
  nft_info?: { name: string; content?: NftContent; flags: { is_spam: boolean } };
  direction: 'in' | 'out' | 'self';
  quantity: { numeric: string };
  value?: number;
  price?: number;
}

/** `Transaction` of docs/wire-formats.md#wallet-data-api */
export interface Transaction {
  id: string;
  metadata: {
    operationType: string;
    hash: string;
    chain: string;
    minedAt: string;
    sentFrom: string;
    sentTo: string;
    status: 'confirmed' | 'failed';
    nonce: number;
  };
  transfers: TransactionTransfer[];
}

export interface HistoryPage {
  data: Transaction[];
  next: string | null;
}

export interface HistoryDeps {
  store: IndexStore;
  tokens: TokenCatalog;
  prices: PriceOracle;
  nfts: NftMetadataReader;
}

/** The page size of the hosted API; it takes no `limit`. */
export const HISTORY_PAGE_SIZE = 10;
const APPROVE_SELECTOR = '0x095ea7b3';

function direction(transfer: StoredTransfer, owner: string): TransactionTransfer['direction'] {
  if (transfer.from === owner && transfer.to === owner) return 'self';
  return transfer.from === owner ? 'out' : 'in';
}

/** Zerion-style operation types, as the hosted API reports them, from the owner's point of view. */
export function operationType(tx: StoredTx, mine: readonly StoredTransfer[], owner: string): string {
  if (tx.to === null && tx.from === owner) return 'deploy';
  if (mine.length === 0) {
    // Nothing moved (a contract call, or a transfer that reverted): say what was attempted.
    if (tx.selector === APPROVE_SELECTOR) return 'approve';
    if (tx.from !== owner) return 'receive';
    return tx.selector ? 'execute' : 'send';
  }
  const directions = new Set(mine.map((transfer) => direction(transfer, owner)));
  if (directions.has('in') && directions.has('out')) return 'trade';
  if (directions.has('out')) return mine.every((t) => t.from !== owner || t.to === ZERO_ADDRESS) ? 'burn' : 'send';
  if (directions.has('in')) return mine.every((t) => t.to !== owner || t.from === ZERO_ADDRESS) ? 'mint' : 'receive';
  return 'send'; // only transfers to oneself
}

async function toTransfer(chain: ApiChain, transfer: StoredTransfer, owner: string, { tokens, prices, nfts }: HistoryDeps): Promise<TransactionTransfer | undefined> {
  const dir = direction(transfer, owner);
  if (transfer.kind === 'native') {
    const { numeric, value, price } = quantify(BigInt(transfer.amount), NATIVE_CURRENCY.decimals, await prices.exactPriceOf(chain.chainId, NATIVE));
    return { fungible_info: { name: NATIVE_CURRENCY.name, symbol: NATIVE_CURRENCY.symbol, icon: { url: NATIVE_ICON_URL } }, direction: dir, quantity: { numeric }, value, price };
  }
  const info = transfer.token ? await tokens.get(chain.chainId, transfer.token, transfer.kind) : undefined;
  if (transfer.kind === 'erc721') {
    const collection = info?.name || info?.symbol || 'NFT';
    const metadata = transfer.token ? await nfts.get(chain.chainId, transfer.token, transfer.amount) : {};
    // Collections often give every token the collection's name: number them then.
    const name = metadata.name && metadata.name !== collection ? metadata.name : `${collection} #${transfer.amount}`;
    const content = metadata.content ? { content: metadata.content } : {};
    return { nft_info: { name, ...content, flags: { is_spam: info?.spam ?? false } }, direction: dir, quantity: { numeric: '1' } };
  }
  if (!info || info.decimals === null) return undefined;
  const { numeric, value, price } = quantify(BigInt(transfer.amount), info.decimals, await prices.exactPriceOf(chain.chainId, transfer.token as string));
  return { fungible_info: { name: info.name, symbol: info.symbol, icon: { url: info.iconUrl } }, direction: dir, quantity: { numeric }, value, price };
}

async function toTransaction(chain: ApiChain, tx: StoredTx, owner: string, deps: HistoryDeps): Promise<Transaction> {
  const mine = tx.transfers.filter((transfer) => transfer.from === owner || transfer.to === owner);
  const transfers = (await Promise.all(mine.map((transfer) => toTransfer(chain, transfer, owner, deps)))).filter((t): t is TransactionTransfer => t !== undefined);
  const sentTo = tx.to ?? tx.createdContract ?? ZERO_ADDRESS;
  return {
    id: tx.hash,
    metadata: {
      operationType: operationType(tx, mine, owner),
      hash: tx.hash,
      chain: chain.caip2,
      minedAt: new Date(tx.timestamp * 1000).toISOString(),
      sentFrom: getAddress(tx.from),
      sentTo: getAddress(sentTo),
      status: tx.status,
      nonce: tx.nonce,
    },
    transfers,
  };
}

/** One page of the owner's history on the chain, newest first, and the cursor of the next page (null on the last). */
export async function getHistory(chain: ApiChain, owner: string, before: HistoryPosition | undefined, deps: HistoryDeps): Promise<HistoryPage> {
  const lowered = owner.toLowerCase();
  const rows = await deps.store.history(chain.chainId, lowered, before, HISTORY_PAGE_SIZE + 1);
  const page = rows.slice(0, HISTORY_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    data: await Promise.all(page.map((tx) => toTransaction(chain, tx, lowered, deps))),
    next: rows.length > HISTORY_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}
