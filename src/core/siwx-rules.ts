/**
 * Sign in with the wallet: which session belongs to which connection, and which connection changes end it
 * (docs/specification.md#validation: account change, network change and disconnect, each unless the host keeps the session with
 * `siwx-keep-session`). Pure: no DOM, no stores.
 */
import { addressKey } from './address.js';
import type { Caip2 } from './caip.js';
import type { SiwxKeep } from './config.js';

/** What `GET session` of the sign-in backend says, and what `wallet-session` / `state.session` carry. */
export interface SiwxSession {
  address: string;
  /** CAIP-2. */
  chainId: Caip2;
  /** ISO date-time. */
  expires: string;
}

interface Account {
  address: string;
  chainId: Caip2;
}

/** Whether `session` was signed by this account on this chain. */
export const sessionMatches = (session: SiwxSession, account: Account): boolean =>
  session.chainId === account.chainId && addressKey(session.address) === addressKey(account.address);

/** The change from one connection of a namespace to the next, as the sign-out rules name them. */
export function connectionChange(was: Account | undefined, is: Account | undefined): SiwxKeep | undefined {
  if (was && !is) return 'disconnect';
  if (!was || !is) return undefined;
  if (addressKey(was.address) !== addressKey(is.address)) return 'account-change';
  if (was.chainId !== is.chainId) return 'network-change';
  return undefined;
}

/** Whether `change` ends the session, given the changes the host keeps it through. */
export const endsSession = (change: SiwxKeep | undefined, keep: readonly SiwxKeep[]): boolean => change !== undefined && !keep.includes(change);
