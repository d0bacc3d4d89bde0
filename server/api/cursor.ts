import type { HistoryPosition } from './store.js';

/**
 * History cursors are opaque to clients (docs/wire-formats.md#wallet-data-api): base64url of `<block>:<txIndex>`, the
 * last transaction of the page. Only canonical encodings decode, so a tampered cursor is a 400, not a
 * silently different page.
 */
export function encodeCursor({ blockNumber, txIndex }: HistoryPosition): string {
  return Buffer.from(`${blockNumber}:${txIndex}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): HistoryPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return undefined;
  const match = /^(0|[1-9]\d{0,14}):(0|[1-9]\d{0,8})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const position = { blockNumber: Number(match[1]), txIndex: Number(match[2]) };
  return encodeCursor(position) === cursor ? position : undefined;
}
