import { atom, computed, map } from 'nanostores';
import { type Caip2, type Namespace, caip10 } from '../core/caip.js';
import { WidgetError } from '../core/errors.js';
import type { ConnectorSummary } from '../core/events.js';
import { t } from '../core/messages.js';
import { $config } from './config.js';
import { $activeNamespace, $lastHeld } from './last-connection.js';

/** docs/specification.md#states: disconnected, connecting, connected, reconnecting: one union, each with what it knows. */
export type Connection =
  | { status: 'disconnected' }
  | { status: 'connecting'; walletId: string }
  | { status: 'reconnecting'; walletId: string }
  | { status: 'connected'; walletId: string; namespace: Namespace; address: string; chainId: Caip2; connector: ConnectorSummary };

export type Connected = Extract<Connection, { status: 'connected' }>;

export const $connection = atom<Connection>({ status: 'disconnected' });

export const $connected = computed($connection, (c) => (c.status === 'connected' ? c : undefined));

/**
 * One record per connected namespace. `$connection` stays the ACTIVE one's (or, with none, the
 * pending status), so everything written against it follows whichever namespace the visitor made active.
 * Write both through `putConnection` / `dropConnection` (the active one first, so event listeners see both).
 */
export const $connections = atom<Partial<Record<Namespace, Connected>>>({});

/** Records `record` for its namespace; it becomes the active one when `activate`, or when its namespace is. */
export function putConnection(record: Connected, activate?: boolean): void {
  const active = $connected.get();
  if (activate || !active || active.namespace === record.namespace) {
    $connection.set(record);
    $activeNamespace.set(record.namespace);
  }
  $connections.set({ ...$connections.get(), [record.namespace]: record });
}

/** Forgets `namespace`'s record; when it was the active one, the other namespace's (if any) becomes active. */
export function dropConnection(namespace: Namespace): void {
  const rest = { ...$connections.get() };
  delete rest[namespace];
  const active = $connected.get();
  if (!active || active.namespace === namespace) $connection.set(Object.values(rest)[0] ?? { status: 'disconnected' });
  $connections.set(rest);
}

/**
 * The connections that still hold a wallet's grant but are not their namespace's
 * connection (`$connections`), oldest first. Connecting another wallet in a connected namespace (ProfileWallets'
 * "Add wallet") parks the previous one here; making one active swaps it with its namespace's connection.
 */
export const $heldConnections = atom<Connected[]>([]);

/** The wallet a ProfileWallets "Add wallet" is connecting for that namespace (Connect filtered to it), if any. */
export const $addingWallet = atom<Namespace | undefined>(undefined);

/** Sets the parked list and what a reload restores of it (`$lastHeld`). */
function setHeld(list: Connected[]): void {
  $heldConnections.set(list);
  $lastHeld.set(list.map(({ walletId, namespace, connector, chainId }) => ({ walletId, namespace, type: connector.type, ...(namespace === 'solana' && { chainId }) })));
}

/** Parks `record` (its wallet keeps its grant); a record of the same wallet is replaced. */
export function holdConnection(record: Connected): void {
  setHeld([...$heldConnections.get().filter((c) => c.walletId !== record.walletId), record]);
}

/** Takes `walletId`'s parked record out, if there is one. */
export function releaseHeld(walletId: string): Connected | undefined {
  const list = $heldConnections.get();
  const found = list.find((c) => c.walletId === walletId);
  if (found) setHeld(list.filter((c) => c !== found));
  return found;
}

/** Changes `walletId`'s parked record (its wallet changed account or network meanwhile). */
export function updateHeld(walletId: string, change: Partial<Pick<Connected, 'address' | 'chainId'>>): void {
  setHeld($heldConnections.get().map((c) => (c.walletId === walletId ? { ...c, ...change } : c)));
}

export const $caipAddress = computed($connected, (c) => (c ? caip10(c.chainId, c.address) : undefined));

/** Whether the connected chain is one of the configured `networks`. */
export const $chainSupported = computed([$connected, $config], (c, config) => !c || config.networks.includes(c.chainId));

/**
 * docs/specification.md#states: each wallet's own connection status is connected, active or disconnected; nothing else. Several
 * wallets may hold a grant (connected); one is the wallet in use (active: the active connection's). Each
 * namespace's connection moves only with the events of the wallet it records (`establishConnection`).
 */
export const WALLET_STATUSES = ['connected', 'active', 'disconnected'] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

export const $walletStatuses = map<Record<string, WalletStatus>>({});

/** Sets a wallet's status; making one active leaves the previously active one connected. Throws `INVALID_STATUS`. */
export function setWalletStatus(walletId: string, status: string): void {
  if (!(WALLET_STATUSES as readonly string[]).includes(status)) {
    throw new WidgetError('INVALID_STATUS', t('error.invalidStatus'), {
      details: `"${status}" for ${walletId}; expected one of ${WALLET_STATUSES.join(', ')}`,
    });
  }
  if (status === 'active') {
    for (const [id, current] of Object.entries($walletStatuses.get())) if (current === 'active' && id !== walletId) $walletStatuses.setKey(id, 'connected');
  }
  $walletStatuses.setKey(walletId, status as WalletStatus);
}

/** Whether `walletId` is the wallet in use (the connection follows only its accounts, chain and disconnect). */
export const isActiveWallet = (walletId: string): boolean => $walletStatuses.get()[walletId] === 'active';
