import { registerMessages } from './messages.js';

/** The strings of the send result and of pending transactions: registered when the code that shows them loads. */
export const transactionMessages = {
  'tx.waiting': 'Waiting for confirmation',
  'tx.confirmed': 'Transaction confirmed',
  'tx.failed': 'The transaction failed',
  'tx.hash': 'Transaction hash',
  'tx.copyHash': 'Copy hash',
  'tx.copied': 'Hash copied',
  'tx.viewOnExplorer': 'View on {explorer}',
  'tx.to': 'To',
  'tx.pending': 'Pending',
  'tx.sending': 'Sending',
  'action.done': 'Done',
} as const;

registerMessages(transactionMessages);
