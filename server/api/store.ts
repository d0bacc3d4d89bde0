import type { IndexedBlock, IndexedTransfer, TransferKind } from './block-parser.js';
import { SqliteFile, type Row } from './sqlite.js';

/** Bump when the tables change: an index of another version is dropped and rebuilt from the chain. */
const SCHEMA_VERSION = '1';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chains (chain_id INTEGER PRIMARY KEY, genesis_hash TEXT NOT NULL, last_block INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS blocks (chain_id INTEGER NOT NULL, number INTEGER NOT NULL, hash TEXT NOT NULL, timestamp INTEGER NOT NULL,
  PRIMARY KEY (chain_id, number));
CREATE TABLE IF NOT EXISTS tokens (chain_id INTEGER NOT NULL, address TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
  symbol TEXT NOT NULL, decimals INTEGER, PRIMARY KEY (chain_id, address));
CREATE TABLE IF NOT EXISTS txs (chain_id INTEGER NOT NULL, hash TEXT NOT NULL, block_number INTEGER NOT NULL, tx_index INTEGER NOT NULL,
  from_addr TEXT NOT NULL, to_addr TEXT, nonce INTEGER NOT NULL, status TEXT NOT NULL, value TEXT NOT NULL, selector TEXT,
  created_contract TEXT, PRIMARY KEY (chain_id, hash));
CREATE TABLE IF NOT EXISTS transfers (chain_id INTEGER NOT NULL, hash TEXT NOT NULL, block_number INTEGER NOT NULL, seq INTEGER NOT NULL,
  kind TEXT NOT NULL, token TEXT, from_addr TEXT NOT NULL, to_addr TEXT NOT NULL, amount TEXT NOT NULL, PRIMARY KEY (chain_id, hash, seq));
CREATE INDEX IF NOT EXISTS transfers_to ON transfers (chain_id, to_addr, kind);
CREATE TABLE IF NOT EXISTS involvements (chain_id INTEGER NOT NULL, address TEXT NOT NULL, block_number INTEGER NOT NULL,
  tx_index INTEGER NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (chain_id, address, block_number, tx_index));
`;
const TABLES = ['chains', 'blocks', 'tokens', 'txs', 'transfers', 'involvements'];
const PER_BLOCK_TABLES = ['blocks', 'txs', 'transfers', 'involvements'];

export interface ChainState {
  genesisHash: string;
  /** -1 before the first block (genesis is block 0). */
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

const str = (value: unknown): string => String(value);
const optStr = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** The indexer's tables: blocks, transactions, transfers and which addresses each transaction belongs to. */
export class IndexStore {
  private constructor(private readonly db: SqliteFile) {}

  static async open(dbPath: string): Promise<IndexStore> {
    const db = await SqliteFile.open(dbPath);
    const version = (() => {
      try {
        return db.get('SELECT value FROM meta WHERE key = ?', ['schema'])?.value;
      } catch {
        return undefined; // no meta table: a new file
      }
    })();
    if (version !== undefined && version !== SCHEMA_VERSION) {
      for (const table of TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
    }
    db.exec(SCHEMA);
    db.run('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)', ['schema', SCHEMA_VERSION]);
    return new IndexStore(db);
  }

  chainState(chainId: number): ChainState | undefined {
    const row = this.db.get('SELECT genesis_hash, last_block FROM chains WHERE chain_id = ?', [chainId]);
    return row ? { genesisHash: str(row.genesis_hash), lastBlock: Number(row.last_block) } : undefined;
  }

  /** Forgets everything about a chain (it was restarted from scratch) and starts it again at genesis. */
  resetChain(chainId: number, genesisHash: string): void {
    this.db.transaction(() => {
      for (const table of ['tokens', ...PER_BLOCK_TABLES]) this.db.run(`DELETE FROM ${table} WHERE chain_id = ?`, [chainId]);
      this.db.run('INSERT OR REPLACE INTO chains (chain_id, genesis_hash, last_block) VALUES (?, ?, -1)', [chainId, genesisHash]);
    });
  }

  /**
   * Drops the blocks after `blockNumber` (a reorg or an `evm_revert`, or a new anvil whose genesis happens to
   * be identical: same second). Token metadata goes too: other contracts may now live at those addresses.
   */
  rollbackTo(chainId: number, blockNumber: number): void {
    this.db.transaction(() => {
      this.db.run('DELETE FROM tokens WHERE chain_id = ?', [chainId]);
      for (const table of PER_BLOCK_TABLES) {
        const column = table === 'blocks' ? 'number' : 'block_number';
        this.db.run(`DELETE FROM ${table} WHERE chain_id = ? AND ${column} > ?`, [chainId, blockNumber]);
      }
      this.db.run('UPDATE chains SET last_block = ? WHERE chain_id = ?', [blockNumber, chainId]);
    });
  }

  blockHash(chainId: number, blockNumber: number): string | undefined {
    return optStr(this.db.get('SELECT hash FROM blocks WHERE chain_id = ? AND number = ?', [chainId, blockNumber])?.hash) ?? undefined;
  }

  /** Writes consecutive blocks in one transaction and moves the chain's high-water mark to the last. */
  writeBlocks(chainId: number, blocks: readonly IndexedBlock[]): void {
    if (blocks.length === 0) return;
    this.db.transaction(() => {
      for (const block of blocks) {
        this.db.run('INSERT OR REPLACE INTO blocks (chain_id, number, hash, timestamp) VALUES (?, ?, ?, ?)', [chainId, block.number, block.hash, block.timestamp]);
        for (const tx of block.txs) {
          this.db.run(
            'INSERT OR REPLACE INTO txs (chain_id, hash, block_number, tx_index, from_addr, to_addr, nonce, status, value, selector, created_contract) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
            [chainId, tx.hash, block.number, tx.txIndex, tx.from, tx.to, tx.nonce, tx.status, tx.value, tx.selector, tx.createdContract],
          );
          for (const t of tx.transfers) {
            this.db.run(
              'INSERT OR REPLACE INTO transfers (chain_id, hash, block_number, seq, kind, token, from_addr, to_addr, amount) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
              [chainId, tx.hash, block.number, t.seq, t.kind, t.token, t.from, t.to, t.amount],
            );
          }
          for (const address of tx.involved) {
            this.db.run('INSERT OR REPLACE INTO involvements (chain_id, address, block_number, tx_index, hash) VALUES (?, ?, ?, ?, ?)', [chainId, address, block.number, tx.txIndex, tx.hash]);
          }
        }
      }
      this.db.run('UPDATE chains SET last_block = ? WHERE chain_id = ?', [blocks[blocks.length - 1]!.number, chainId]);
    });
  }

  token(chainId: number, address: string): TokenRecord | undefined {
    const row = this.db.get('SELECT * FROM tokens WHERE chain_id = ? AND address = ?', [chainId, address.toLowerCase()]);
    if (!row) return undefined;
    return { chainId, address: str(row.address), kind: str(row.kind) as TokenRecord['kind'], name: str(row.name), symbol: str(row.symbol), decimals: row.decimals === null ? null : Number(row.decimals) };
  }

  saveToken(token: TokenRecord): void {
    this.db.run('INSERT OR REPLACE INTO tokens (chain_id, address, kind, name, symbol, decimals) VALUES (?, ?, ?, ?, ?, ?)', [
      token.chainId, token.address.toLowerCase(), token.kind, token.name, token.symbol, token.decimals,
    ]);
  }

  /** ERC-20 contracts that ever sent `address` tokens: where its balances can be. */
  fungiblesReceivedBy(chainId: number, address: string): string[] {
    return this.db
      .all("SELECT DISTINCT token FROM transfers WHERE chain_id = ? AND to_addr = ? AND kind = 'erc20'", [chainId, address.toLowerCase()])
      .map((row) => str(row.token));
  }

  /** Up to `limit` transactions of `address`, newest first, strictly older than `before`. */
  history(chainId: number, address: string, before: HistoryPosition | undefined, limit: number): StoredTx[] {
    const position = before ?? { blockNumber: Number.MAX_SAFE_INTEGER, txIndex: 0 };
    const rows = this.db.all(
      `SELECT t.*, b.timestamp FROM involvements i
         JOIN txs t ON t.chain_id = i.chain_id AND t.hash = i.hash
         JOIN blocks b ON b.chain_id = i.chain_id AND b.number = i.block_number
       WHERE i.chain_id = ? AND i.address = ? AND (i.block_number < ? OR (i.block_number = ? AND i.tx_index < ?))
       ORDER BY i.block_number DESC, i.tx_index DESC LIMIT ?`,
      [chainId, address.toLowerCase(), position.blockNumber, position.blockNumber, position.txIndex, limit],
    );
    if (rows.length === 0) return [];
    const hashes = rows.map((row) => str(row.hash));
    const transfers = this.db.all(
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

  persist(): void {
    this.db.persist();
  }

  close(): void {
    this.db.close();
  }
}
