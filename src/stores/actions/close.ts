import { setModalOpen } from '../modal.js';
import { cancelConnect } from './connect.js';

/** Closes the modal; a connection attempt still waiting on the wallet is abandoned. */
export function close(): void {
  cancelConnect();
  setModalOpen(false);
}
