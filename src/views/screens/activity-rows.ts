import { sameAddress } from '../../core/address.js';
import { namespaceOf, truncateAddress } from '../../core/caip.js';
import { explorerLink } from '../../core/explorer.js';
import { decimalToBaseUnits } from '../../core/amount.js';
import { formatDecimalString, formatShortDateTime, formatTokenAmount } from '../../core/format.js';
import type { MessageId } from '../../core/messages.js';
import type { NetworkInfo } from '../../core/networks.js';
import type { Transaction } from '../../stores/activity.js';
import type { SentTransaction } from '../../stores/route.js';
import type { ActivityDirection, ActivityRow } from '../parts/ActivityList.js';

type T = (id: MessageId, values?: Record<string, string>) => string;
type Transfer = NonNullable<Transaction['transfers']>[number];

/** The tokens the Tokens list leaves out for having 0 decimals, as `name|symbol` (history transfers carry no decimals). */
export const tokenKey = (name: string | undefined, symbol: string | undefined) => `${name ?? ''}|${symbol ?? ''}`;

/** The transfers a row shows: a 0-decimal token's are left out, as in the Tokens list (docs/specification.md#validation). */
export const visibleTransfers = (tx: Transaction, zeroDecimal: ReadonlySet<string>): Transfer[] =>
  (tx.transfers ?? []).filter((tr) => !(tr.fungible_info && zeroDecimal.has(tokenKey(tr.fungible_info.name, tr.fungible_info.symbol))));

/**
 * Whether a transaction is listed. One that moved only 0-decimal tokens is left out when someone else sent it
 * (an airdrop of tokens the Tokens list hides, like spam); the visitor's own (a deployment, a call) is listed
 * by its operation, without the hidden amount. A call that moved nothing at all is listed.
 */
export const isListed = (tx: Transaction, zeroDecimal: ReadonlySet<string>, me: string) =>
  !tx.transfers?.length || visibleTransfers(tx, zeroDecimal).length > 0 || sameAddress(tx.metadata.sentFrom, me);

const OPERATIONS: Record<string, MessageId> = {
  send: 'activity.out', receive: 'activity.in', trade: 'activity.trade', approve: 'activity.op.approve',
  deploy: 'activity.op.deploy', execute: 'activity.op.execute', mint: 'activity.op.mint', burn: 'activity.op.burn',
};
/** A transfer's decimal quantity as the Tokens list shows amounts (four significant digits below 1). */
function quantity(numeric: string, lang: string): string {
  const decimals = /\.(\d+)$/.exec(numeric.trim())?.[1]?.length ?? 0;
  const value = decimalToBaseUnits(numeric, decimals);
  return value === undefined ? formatDecimalString(numeric, lang) : formatTokenAmount(value, decimals, lang);
}

const SIGNS: Record<ActivityDirection, string> = { in: '+', out: '−', self: '' };
const DIRECTION_LABELS: Record<ActivityDirection, MessageId> = { in: 'activity.directionIn', out: 'activity.directionOut', self: 'activity.directionSelf' };

/** One Activity row, readable at a glance: icon, direction, counterparty, amount, time and explorer link. */
export function activityRow(tx: Transaction, me: string, network: NetworkInfo, zeroDecimal: ReadonlySet<string>, t: T, lang: string): ActivityRow {
  const transfers = visibleTransfers(tx, zeroDecimal);
  const { sentFrom, sentTo, operationType, status, hash, minedAt } = tx.metadata;
  const directions = new Set(transfers.map((tr) => tr.direction));
  // EVM hex addresses compare without case; base58 (Solana) exactly.
  const fromMe = sameAddress(sentFrom, me);
  const direction: ActivityDirection =
    directions.size === 1 ? [...directions][0]! : directions.size > 1 ? 'self' : fromMe && sameAddress(sentTo, me) ? 'self' : fromMe ? 'out' : 'in';
  const operation =
    directions.size > 1 ? t('activity.trade')
    : transfers.length > 0 ? t(direction === 'in' ? 'activity.in' : direction === 'out' ? 'activity.out' : 'activity.self')
    : t(OPERATIONS[operationType] ?? 'activity.op.other');
  const failed = status === 'failed';
  // Who the other side is: the sender of what came in; for what went out, the receiver of a coin transfer,
  // or on EVM the contract the transaction called (a token transfer's receiver is not in the history's wire
  // format). On Solana there is no token contract in between: `sentTo` is the receiver, SOL or SPL alike.
  const native =
    namespaceOf(network.id) === 'solana' || (transfers.length > 0 && transfers.every((tr) => tr.fungible_info?.symbol === network.nativeCurrency.symbol && !tr.nft_info));
  const [id, address] =
    direction === 'in' ? (['activity.from', sentFrom] as const)
    : direction === 'self' && directions.size <= 1 ? ([undefined, undefined] as const)
    : transfers.length === 0 || native ? (['activity.to', sentTo] as const)
    : (['activity.via', sentTo] as const);
  const first = transfers[0];
  const symbolOf = (tr: Transfer) => tr.fungible_info?.symbol ?? tr.nft_info?.name ?? '';
  const explorer = explorerLink(network.id, hash, network);
  return {
    id: tx.id,
    title: failed ? t('activity.failedOp', { operation }) : operation,
    direction,
    directionLabel: t(DIRECTION_LABELS[direction]),
    counterparty: id && address ? t(id, { address: truncateAddress(address) }) : undefined,
    counterpartyTitle: address,
    amounts: transfers.slice(0, 2).map((tr) => `${SIGNS[tr.direction]}${quantity(tr.quantity.numeric, lang)} ${symbolOf(tr)}`.trim()),
    time: formatShortDateTime(minedAt, lang),
    iconUrl: first?.fungible_info?.icon?.url,
    symbol: first ? symbolOf(first) || undefined : undefined,
    failed,
    explorer: explorer ? { href: explorer.href, label: t('activity.viewOnExplorer', { explorer: explorer.host }) } : undefined,
  };
}

/** A transfer the widget sent that the history does not list yet: first in the list, marked pending. */
export function pendingRow(tx: SentTransaction, t: T, lang: string): ActivityRow {
  return {
    id: tx.hash,
    // A swap says so; an approval moves nothing, so it shows no amount (as Activity's own "Approval" rows).
    title: t(tx.kind === 'swap' ? 'activity.trade' : tx.kind === 'approve' ? 'activity.op.approve' : 'tx.sending'),
    direction: 'out',
    directionLabel: t(DIRECTION_LABELS.out),
    counterparty: t('activity.to', { address: truncateAddress(tx.to) }),
    counterpartyTitle: tx.to,
    amounts: tx.kind === 'approve' ? [] : [`${SIGNS.out}${formatTokenAmount(BigInt(tx.amount), tx.decimals, lang)} ${tx.symbol}`],
    time: t('tx.pending'),
    iconUrl: undefined,
    symbol: tx.symbol || undefined,
    failed: false,
    pending: true,
    explorer: undefined,
  };
}
