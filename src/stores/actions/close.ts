import { setModalOpen } from '../modal.js';

/**
 * Closes the modal. Closing is not cancelling: a connection or a send the wallet is still asking about
 * goes on, and completes if the visitor approves it (the events fire; a transaction is tracked and
 * announced with a toast). Back, choosing another wallet, or the host's `open()` abandon a connection attempt.
 */
export function close(): void {
  setModalOpen(false);
}
