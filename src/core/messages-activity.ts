import { registerMessages } from './messages.js';

/**
 * The strings of the Activity rows, the retry notices of the account data and the Receive view: registered
 * when the code that shows them loads (the Account chunk), so they stay out of the entry file.
 */
export const activityMessages = {
  'retry.availableAt': 'You can try again at {time}',
  'activity.in': 'Received',
  'activity.out': 'Sent',
  'activity.trade': 'Swapped',
  'activity.directionIn': 'incoming',
  'activity.directionOut': 'outgoing',
  'activity.directionSelf': 'to yourself',
  'activity.from': 'From {address}',
  'activity.to': 'To {address}',
  'activity.via': 'Via {address}',
  'activity.failedOp': 'Failed: {operation}',
  'activity.viewOnExplorer': 'View on {explorer}',
  'activity.op.approve': 'Approval',
  'activity.op.deploy': 'Contract deployed',
  'activity.op.execute': 'Contract call',
  'activity.op.mint': 'Minted',
  'activity.op.burn': 'Burned',
  'activity.op.other': 'Transaction',
  'action.receive': 'Receive',
  'action.copy': 'Copy',
  'receive.qrLabel': 'QR code of your address {address}',
  'receive.hint': 'Send only assets on {network} to this address.',
} as const;

registerMessages(activityMessages);
