// GET /v1/account/{address}/history for a solana: chain id: the indexed transactions of the address, newest
// first, 10 a page with the same opaque cursor as on EVM, in the hosted API's `Transaction` shape. SOL and
// SPL transfers are fungible rows; the spam collectible is an `nft_info` row flagged `is_spam`, as on EVM.
import { quantify } from '../balances.js';
import { encodeCursor } from '../cursor.js';
import { HISTORY_PAGE_SIZE, type HistoryPage, type Transaction, type TransactionTransfer } from '../history.js';
import type { HistoryPosition, IndexStore, StoredTransfer, StoredTx } from '../store.js';
import { MINT_SOURCE } from './block-parser.js';
import { SOL, type ApiSolanaChain } from './chain.js';
import type { SolanaPrices } from './prices.js';
import { SOL_ICON_URL, splTokenInfo } from './tokens.js';

const direction = (t: StoredTransfer, owner: string): TransactionTransfer['direction'] =>
  t.from === owner && t.to === owner ? 'self' : t.from === owner ? 'out' : 'in';

function operationType(tx: StoredTx, mine: readonly StoredTransfer[], owner: string): string {
  if (mine.length === 0) return tx.from === owner ? 'execute' : 'receive';
  const directions = new Set(mine.map((t) => direction(t, owner)));
  if (directions.has('in') && directions.has('out')) return 'trade';
  if (directions.has('out')) return 'send';
  if (directions.has('in')) return mine.every((t) => t.to !== owner || t.from === MINT_SOURCE) ? 'mint' : 'receive';
  return 'send';
}

async function toTransfer(chain: ApiSolanaChain, t: StoredTransfer, owner: string, prices: SolanaPrices): Promise<TransactionTransfer> {
  const dir = direction(t, owner);
  if (t.kind === 'native' || !t.token) {
    const { numeric, value, price } = quantify(BigInt(t.amount), SOL.decimals, await prices.exactPrice(chain, undefined, SOL.symbol));
    return { fungible_info: { name: SOL.name, symbol: SOL.symbol, icon: { url: SOL_ICON_URL } }, direction: dir, quantity: { numeric }, value, price };
  }
  const info = splTokenInfo(chain, t.token);
  if (info.spam) return { nft_info: { name: `${info.name} #1`, flags: { is_spam: true } }, direction: dir, quantity: { numeric: '1' } };
  const decimals = chain.seeded?.tokens.find((token) => token.mint === t.token)?.decimals ?? (await mintDecimals(chain, t.token));
  const { numeric, value, price } = quantify(BigInt(t.amount), decimals, await prices.exactPrice(chain, t.token, info.symbol));
  return { fungible_info: { name: info.name, symbol: info.symbol, icon: { url: info.iconUrl } }, direction: dir, quantity: { numeric }, value, price };
}

async function mintDecimals(chain: ApiSolanaChain, mint: string): Promise<number> {
  const supply = await chain.rpc<{ value: { decimals: number } }>('getTokenSupply', [mint]).catch(() => undefined);
  return supply?.value.decimals ?? 0;
}

async function toTransaction(chain: ApiSolanaChain, tx: StoredTx, owner: string, prices: SolanaPrices): Promise<Transaction> {
  const mine = tx.transfers.filter((t) => t.from === owner || t.to === owner);
  return {
    id: tx.hash,
    metadata: {
      operationType: operationType(tx, mine, owner),
      hash: tx.hash,
      chain: chain.chainId,
      minedAt: new Date(tx.timestamp * 1000).toISOString(),
      sentFrom: tx.from,
      sentTo: tx.to ?? '',
      status: tx.status,
      nonce: tx.nonce,
    },
    transfers: await Promise.all(mine.map((t) => toTransfer(chain, t, owner, prices))),
  };
}

export async function getSolanaHistory(chain: ApiSolanaChain, owner: string, before: HistoryPosition | undefined, store: IndexStore, prices: SolanaPrices): Promise<HistoryPage> {
  const rows = await store.history(chain.storeId, owner, before, HISTORY_PAGE_SIZE + 1);
  const page = rows.slice(0, HISTORY_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    data: await Promise.all(page.map((tx) => toTransaction(chain, tx, owner, prices))),
    next: rows.length > HISTORY_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}
