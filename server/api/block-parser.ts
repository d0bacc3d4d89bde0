import { hexToBigInt, hexToNumber, type Hex } from 'viem';

/** keccak256("Transfer(address,address,uint256)"): ERC-20 (3 topics) and ERC-721 (4 topics, id indexed). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** WETH9 `Deposit(address indexed dst, uint wad)` / `Withdrawal(address indexed src, uint wad)`: wrapping mints and burns WETH without a Transfer. */
export const WETH_DEPOSIT_TOPIC = '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c';
export const WETH_WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The JSON-RPC shapes we read (`eth_getBlockByNumber(n, true)`, `eth_getBlockReceipts`). */
export interface RpcTransaction {
  hash: Hex;
  from: Hex;
  to: Hex | null;
  nonce: Hex;
  value: Hex;
  input: Hex;
  transactionIndex: Hex;
}
export interface RpcBlock {
  number: Hex;
  hash: Hex;
  parentHash: Hex;
  timestamp: Hex;
  transactions: RpcTransaction[];
}
export interface RpcLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  logIndex: Hex;
}
export interface RpcReceipt {
  transactionHash: Hex;
  status: Hex;
  contractAddress: Hex | null;
  logs: RpcLog[];
}

export type TransferKind = 'native' | 'erc20' | 'erc721';

export interface IndexedTransfer {
  hash: string;
  /** Log index; -1 for the transaction's own native value. */
  seq: number;
  kind: TransferKind;
  /** Token contract (lower case); null for native. */
  token: string | null;
  from: string;
  to: string;
  /** Base units for fungibles, the token id for ERC-721; a decimal integer string. */
  amount: string;
}

export interface IndexedTx {
  hash: string;
  txIndex: number;
  from: string;
  to: string | null;
  nonce: number;
  status: 'confirmed' | 'failed';
  value: string;
  /** First 4 bytes of calldata, or null for a plain transfer. */
  selector: string | null;
  createdContract: string | null;
  transfers: IndexedTransfer[];
  /** Every address this transaction belongs to in someone's history (lower case, no zero address). */
  involved: string[];
}

export interface IndexedBlock {
  number: number;
  hash: string;
  parentHash: string;
  timestamp: number;
  txs: IndexedTx[];
}

const topicAddress = (topic: Hex | undefined): string => `0x${(topic ?? '').slice(-40)}`.toLowerCase();
const amountOf = (data: Hex): string => (data === '0x' || data.length < 3 ? '0' : hexToBigInt(data.slice(0, 66) as Hex).toString());

function transfersFromLog(hash: string, log: RpcLog, wrappedNative: string | undefined): IndexedTransfer[] {
  const [topic0, t1, t2, t3] = log.topics;
  const token = log.address.toLowerCase();
  const seq = hexToNumber(log.logIndex);
  if (topic0 === TRANSFER_TOPIC && log.topics.length === 3) {
    return [{ hash, seq, kind: 'erc20', token, from: topicAddress(t1), to: topicAddress(t2), amount: amountOf(log.data) }];
  }
  if (topic0 === TRANSFER_TOPIC && log.topics.length === 4) {
    return [{ hash, seq, kind: 'erc721', token, from: topicAddress(t1), to: topicAddress(t2), amount: hexToBigInt(t3 as Hex).toString() }];
  }
  if (token === wrappedNative && log.topics.length === 2) {
    if (topic0 === WETH_DEPOSIT_TOPIC) return [{ hash, seq, kind: 'erc20', token, from: ZERO_ADDRESS, to: topicAddress(t1), amount: amountOf(log.data) }];
    if (topic0 === WETH_WITHDRAWAL_TOPIC) return [{ hash, seq, kind: 'erc20', token, from: topicAddress(t1), to: ZERO_ADDRESS, amount: amountOf(log.data) }];
  }
  return [];
}

/**
 * Turns one block and its receipts into the rows the index stores: every transaction, its native value
 * transfer (when it succeeded), its ERC-20 / ERC-721 Transfer logs, and the addresses whose history it joins.
 */
export function parseBlock(block: RpcBlock, receipts: readonly RpcReceipt[], wrappedNative?: string): IndexedBlock {
  const receiptByHash = new Map(receipts.map((receipt) => [receipt.transactionHash.toLowerCase(), receipt]));
  const weth = wrappedNative?.toLowerCase();
  const txs = block.transactions.map((tx): IndexedTx => {
    const hash = tx.hash.toLowerCase();
    const receipt = receiptByHash.get(hash);
    if (!receipt) throw new Error(`block ${hexToNumber(block.number)}: no receipt for ${hash}`);
    const status = receipt.status === '0x1' ? 'confirmed' : 'failed';
    const from = tx.from.toLowerCase();
    const createdContract = receipt.contractAddress?.toLowerCase() ?? null;
    const to = tx.to?.toLowerCase() ?? null;
    const value = hexToBigInt(tx.value);
    const transfers: IndexedTransfer[] = [];
    if (status === 'confirmed' && value > 0n) {
      transfers.push({ hash, seq: -1, kind: 'native', token: null, from, to: to ?? createdContract ?? ZERO_ADDRESS, amount: value.toString() });
    }
    for (const log of receipt.logs) transfers.push(...transfersFromLog(hash, log, weth));
    const involved = new Set<string>([from]);
    if (to) involved.add(to);
    if (createdContract) involved.add(createdContract);
    for (const transfer of transfers) {
      involved.add(transfer.from);
      involved.add(transfer.to);
    }
    involved.delete(ZERO_ADDRESS);
    return {
      hash,
      txIndex: hexToNumber(tx.transactionIndex),
      from,
      to,
      nonce: hexToNumber(tx.nonce),
      status,
      value: value.toString(),
      selector: tx.input && tx.input.length >= 10 ? tx.input.slice(0, 10).toLowerCase() : null,
      createdContract,
      transfers,
      involved: [...involved],
    };
  });
  return {
    number: hexToNumber(block.number),
    hash: block.hash.toLowerCase(),
    parentHash: block.parentHash.toLowerCase(),
    timestamp: hexToNumber(block.timestamp),
    txs,
  };
}
