import { registerMessages } from './messages.js';

/** The strings of the AllWallets view (the wallet directory): registered when that view's code loads. */
export const directoryMessages = {
  'directory.searchLabel': 'Search wallets',
} as const;

registerMessages(directoryMessages);
