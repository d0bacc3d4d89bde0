import { $connection } from '../connection.js';

/**
 * Which connection attempt is current. It lives apart from the connect action, whose code is a chunk, so
 * going back or opening afresh can abandon an attempt whose code has not even loaded yet.
 */
let attempt = 0;

/** Starts an attempt; the number it returns stays current until the next one starts or it is abandoned. */
export const nextAttempt = (): number => ++attempt;

export const isCurrentAttempt = (mine: number): boolean => mine === attempt;

/** Abandons a connection attempt still waiting on the wallet (going back, or opening afresh; closing does not). */
export function cancelConnect(): void {
  attempt++;
  if ($connection.get().status === 'connecting') $connection.set({ status: 'disconnected' });
}
