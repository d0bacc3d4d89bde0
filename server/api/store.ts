import { openDatabase, migrate, type Migration, type Row, type SqlDatabase, type SqlExecutor } from '../storage/open.js';
import type { IndexedBlock, IndexedTransfer, TransferKind } from './block-parser.js';

/**
 * The index's tables. Block numbers, slots, timestamps and chain ids are BIGINT (Solana chains have negative store
 * ids); amounts are TEXT. `chains.first_block` is where indexing began (the chain's start block, not necessarily
 * genesis): nothing below it is held. `indexer_leases` says which instance follows each chain (one at a time).
 */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE IF NOT EXISTS chains (chain_id BIGINT PRIMARY KEY, genesis_hash TEXT NOT NULL, first_block BIGINT NOT NULL, last_block BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS blocks (chain_id BIGINT NOT NULL, number BIGINT NOT NULL, hash TEXT NOT NULL, timestamp BIGINT NOT NULL,
  PRIMARY KEY (chain_id, number));
CREATE TABLE IF NOT EXISTS tokens (chain_id BIGINT NOT NULL, address TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
  symbol TEXT NOT NULL, decimals BIGINT, PRIMARY KEY (chain_id, address));
CREATE TABLE IF NOT EXISTS txs (chain_id BIGINT NOT NULL, hash TEXT NOT NULL, block_number BIGINT NOT NULL, tx_index BIGINT NOT NULL,
  from_addr TEXT NOT NULL, to_addr TEXT, nonce BIGINT NOT NULL, status TEXT NOT NULL, value TEXT NOT NULL, selector TEXT,
  created_contract TEXT, PRIMARY KEY (chain_id, hash));
CREATE TABLE IF NOT EXISTS transfers (chain_id BIGINT NOT NULL, hash TEXT NOT NULL, block_number BIGINT NOT NULL, seq BIGINT NOT NULL,
  kind TEXT NOT NULL, token TEXT, from_addr TEXT NOT NULL, to_addr TEXT NOT NULL, amount TEXT NOT NULL, PRIMARY KEY (chain_id, hash, seq));
CREATE INDEX IF NOT EXISTS transfers_to ON transfers (chain_id, to_addr, kind);
CREATE INDEX IF NOT EXISTS transfers_block ON transfers (chain_id, block_number);
CREATE INDEX IF NOT EXISTS txs_block ON txs (chain_id, block_number);
CREATE TABLE IF NOT EXISTS involvements (chain_id BIGINT NOT NULL, address TEXT NOT NULL, block_number BIGINT NOT NULL,
  tx_index BIGINT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (chain_id, address, block_number, tx_index));
CREATE INDEX IF NOT EXISTS involvements_block ON involvements (chain_id, block_number);
CREATE TABLE IF NOT EXISTS indexer_leases (chain_id BIGINT PRIMARY KEY, holder TEXT NOT NULL, expires_at BIGINT NOT NULL);
`,
  },
];
const PER_BLOCK_TABLES = ['blocks', 'txs', 'transfers', 'involvements'];

export interface ChainState {
  genesisHash: string;
  /** The first block this index holds (its start block); nothing below it is indexed. */
  firstBlock: number;
  /** The last block indexed; `firstBlock - 1` before any. */
  lastBlock: number;
}

export interface TokenRecord {
  chainId: number;
  address: string;
  kind: 'erc20' | 'erc721';
  name: string;
  symbol: string;
  decimals: number | null;
}

/** A transfer as stored: its transaction's hash is the row it belongs to. */
export type StoredTransfer = Omit<IndexedTransfer, 'hash'>;

export interface StoredTx {
  hash: string;
  blockNumber: number;
  txIndex: number;
  timestamp: number;
  from: string;
  to: string | null;
  nonce: number;
  status: 'confirmed' | 'failed';
  selector: string | null;
  createdContract: string | null;
  transfers: StoredTransfer[];
}

/** A position in an address's history, newest first: everything strictly older comes next. */
export interface HistoryPosition {
  blockNumber: number;
  txIndex: number;
}

/** Another writer moved the chain's index since this one read it (two indexers on one chain): nothing was written. */
export class IndexConflictError extends Error {
  constructor(chainId: number, expected: number) {
    super(`index of chain ${chainId} is no longer at block ${expected}: another indexer wrote it`);
  }
}

const str = (value: unknown): string => String(value);
const optStr = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/**
 * The indexer's tables (blocks, transactions, transfers, which addresses each transaction belongs to, token
 * metadata) on SQLite or PostgreSQL. Every write is one transaction, committed before it returns.
 */
export class IndexStore {
  private constructor(private readonly db: SqlDatabase) {}

  /** Opens (and migrates) the index: a database URL or a SQLite path (open.ts), or an open database. */
  static async open(database: string | SqlDatabase): Promise<IndexStore> {
    const db = typeof database === 'string' ? openDatabase(database) : database;
    try {
      await migrate(db, 'wallet-api', MIGRATIONS);
    } catch (err) {
      await db.close();
      throw err;
    }
    return new IndexStore(db);
  }

  get description(): string {
    return this.db.description;
  }

  /** Throws when the database cannot be reached (readiness). */
  ping(): Promise<void> {
    return this.db.ping();
  }

  async chainState(chainId: number): Promise<ChainState | undefined> {
    const row = await this.db.get('SELECT genesis_hash, first_block, last_block FROM chains WHERE chain_id = ?', [chainId]);
    return row ? { genesisHash: str(row.genesis_hash), firstBlock: Number(row.first_block), lastBlock: Number(row.last_block) } : undefined;
  }

  /** Forgets everything about a chain (it was restarted from scratch) and starts it again at `firstBlock`. */
  async resetChain(chainId: number, genesisHash: string, firstBlock = 0): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const table of ['tokens', ...PER_BLOCK_TABLES]) await tx.run(`DELETE FROM ${table} WHERE chain_id = ?`, [chainId]);
      await tx.run(
        `INSERT INTO chains (chain_id, genesis_hash, first_block, last_block) VALUES (?, ?, ?, ?)
         ON CONFLICT (chain_id) DO UPDATE SET genesis_hash = excluded.genesis_hash, first_block = excluded.first_block, last_block = excluded.last_block`,
        [chainId, genesisHash, firstBlock, firstBlock - 1],
      );
    });
  }

  /**
   * Drops the blocks after `blockNumber` (a reorg or an `evm_revert`, or a new anvil whose genesis happens to
   * be identical: same second). Token metadata goes too: other contracts may now live at those addresses.
   */
  async rollbackTo(chainId: number, blockNumber: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM tokens WHERE chain_id = ?', [chainId]);
      for (const table of PER_BLOCK_TABLES) {
        const column = table === 'blocks' ? 'number' : 'block_number';
        await tx.run(`DELETE FROM ${table} WHERE chain_id = ? AND ${column} > ?`, [chainId, blockNumber]);
      }
      await tx.run('UPDATE chains SET last_block = ? WHERE chain_id = ? AND last_block > ?', [blockNumber, chainId, blockNumber]);
    });
  }

  /** The newest block held for `chainId` (on Solana, where empty slots are not stored, it may be below `lastBlock`). */
  async latestBlock(chainId: number): Promise<{ number: number; hash: string } | undefined> {
    const row = await this.db.get('SELECT number, hash FROM blocks WHERE chain_id = ? ORDER BY number DESC LIMIT 1', [chainId]);
    return row ? { number: Number(row.number), hash: str(row.hash) } : undefined;
  }

  async blockHash(chainId: number, blockNumber: number): Promise<string | undefined> {
    return optStr((await this.db.get('SELECT hash FROM blocks WHERE chain_id = ? AND number = ?', [chainId, blockNumber]))?.hash) ?? undefined;
  }

  /**
   * Writes consecutive blocks in one transaction and moves the chain's high-water mark to `through` (default: the
   * last block's number). `after` is the mark the writer read: when the stored one differs, another indexer wrote
   * in between and nothing is written (IndexConflictError).
   */
  async writeBlocks(chainId: number, blocks: readonly IndexedBlock[], { after, through }: { after?: number; through?: number } = {}): Promise<void> {
    const mark = through ?? blocks[blocks.length - 1]?.number;
    if (mark === undefined) return;
    await this.db.transaction(async (tx) => {
      if (after !== undefined) {
        const moved = await tx.run('UPDATE chains SET last_block = ? WHERE chain_id = ? AND last_block = ?', [mark, chainId, after]);
        if (moved.changes !== 1) throw new IndexConflictError(chainId, after);
      }
      for (const block of blocks) await writeBlock(tx, chainId, block);
      if (after === undefined) await tx.run('UPDATE chains SET last_block = ? WHERE chain_id = ?', [mark, chainId]);
    });
  }

  /**
   * Takes or renews the lease on following `chainId` for `holder` until `now + ttlMs`: true if `holder` has it
   * (it had it, or nobody did, or the last holder's lease ran out).
   */
  async lease(chainId: number, holder: string, ttlMs: number, now = Date.now()): Promise<boolean> {
    const { changes } = await this.db.run(
      `INSERT INTO indexer_leases (chain_id, holder, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (chain_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE indexer_leases.holder = excluded.holder OR indexer_leases.expires_at < ?`,
      [chainId, holder, now + ttlMs, now],
    );
    return changes === 1;
  }

  /** Gives the lease up (a stopping instance), so another takes over at once. */
  async releaseLease(chainId: number, holder: string): Promise<void> {
    await this.db.run('DELETE FROM indexer_leases WHERE chain_id = ? AND holder = ?', [chainId, holder]);
  }

  async token(chainId: number, address: string): Promise<TokenRecord | undefined> {
    const row = await this.db.get('SELECT * FROM tokens WHERE chain_id = ? AND address = ?', [chainId, address.toLowerCase()]);
    if (!row) return undefined;
    return { chainId, address: str(row.address), kind: str(row.kind) as TokenRecord['kind'], name: str(row.name), symbol: str(row.symbol), decimals: row.decimals === null ? null : Number(row.decimals) };
  }

  async saveToken(token: TokenRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO tokens (chain_id, address, kind, name, symbol, decimals) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (chain_id, address) DO UPDATE SET kind = excluded.kind, name = excluded.name, symbol = excluded.symbol, decimals = excluded.decimals`,
      [token.chainId, token.address.toLowerCase(), token.kind, token.name, token.symbol, token.decimals],
    );
  }

  /** ERC-20 contracts that ever sent `address` tokens: where its balances can be. */
  async fungiblesReceivedBy(chainId: number, address: string): Promise<string[]> {
    const rows = await this.db.all("SELECT DISTINCT token FROM transfers WHERE chain_id = ? AND to_addr = ? AND kind = 'erc20'", [chainId, address.toLowerCase()]);
    return rows.map((row) => str(row.token));
  }

  /** Up to `limit` transactions of `address`, newest first, strictly older than `before`. */
  async history(chainId: number, address: string, before: HistoryPosition | undefined, limit: number): Promise<StoredTx[]> {
    const position = before ?? { blockNumber: Number.MAX_SAFE_INTEGER, txIndex: 0 };
    const rows = await this.db.all(
      `SELECT t.*, b.timestamp FROM involvements i
         JOIN txs t ON t.chain_id = i.chain_id AND t.hash = i.hash
         JOIN blocks b ON b.chain_id = i.chain_id AND b.number = i.block_number
       WHERE i.chain_id = ? AND i.address = ? AND (i.block_number < ? OR (i.block_number = ? AND i.tx_index < ?))
       ORDER BY i.block_number DESC, i.tx_index DESC LIMIT ?`,
      [chainId, address.toLowerCase(), position.blockNumber, position.blockNumber, position.txIndex, limit],
    );
    if (rows.length === 0) return [];
    const hashes = rows.map((row) => str(row.hash));
    const transfers = await this.db.all(
      `SELECT * FROM transfers WHERE chain_id = ? AND hash IN (${hashes.map(() => '?').join(',')}) ORDER BY seq`,
      [chainId, ...hashes],
    );
    const byHash = new Map<string, StoredTransfer[]>(hashes.map((hash) => [hash, []]));
    for (const row of transfers) {
      byHash.get(str(row.hash))?.push({ seq: Number(row.seq), kind: str(row.kind) as TransferKind, token: optStr(row.token), from: str(row.from_addr), to: str(row.to_addr), amount: str(row.amount) });
    }
    return rows.map((row: Row) => ({
      hash: str(row.hash),
      blockNumber: Number(row.block_number),
      txIndex: Number(row.tx_index),
      timestamp: Number(row.timestamp),
      from: str(row.from_addr),
      to: optStr(row.to_addr),
      nonce: Number(row.nonce),
      status: str(row.status) as StoredTx['status'],
      selector: optStr(row.selector),
      createdContract: optStr(row.created_contract),
      transfers: byHash.get(str(row.hash)) ?? [],
    }));
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

async function writeBlock(tx: SqlExecutor, chainId: number, block: IndexedBlock): Promise<void> {
  const upsert = (table: string, columns: string[], key: string[], values: unknown[]) =>
    tx.run(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
       ON CONFLICT (${key.join(', ')}) DO ${columns.length === key.length ? 'NOTHING' : `UPDATE SET ${columns.filter((c) => !key.includes(c)).map((c) => `${c} = excluded.${c}`).join(', ')}`}`,
      values as never,
    );
  await upsert('blocks', ['chain_id', 'number', 'hash', 'timestamp'], ['chain_id', 'number'], [chainId, block.number, block.hash, block.timestamp]);
  for (const t of block.txs) {
    await upsert(
      'txs',
      ['chain_id', 'hash', 'block_number', 'tx_index', 'from_addr', 'to_addr', 'nonce', 'status', 'value', 'selector', 'created_contract'],
      ['chain_id', 'hash'],
      [chainId, t.hash, block.number, t.txIndex, t.from, t.to, t.nonce, t.status, t.value, t.selector, t.createdContract],
    );
    for (const transfer of t.transfers) {
      await upsert(
        'transfers',
        ['chain_id', 'hash', 'block_number', 'seq', 'kind', 'token', 'from_addr', 'to_addr', 'amount'],
        ['chain_id', 'hash', 'seq'],
        [chainId, t.hash, block.number, transfer.seq, transfer.kind, transfer.token, transfer.from, transfer.to, transfer.amount],
      );
    }
    for (const address of t.involved) {
      await upsert('involvements', ['chain_id', 'address', 'block_number', 'tx_index', 'hash'], ['chain_id', 'address', 'block_number', 'tx_index'], [chainId, address, block.number, t.txIndex, t.hash]);
    }
  }
}
