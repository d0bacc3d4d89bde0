import { registerMessages } from './messages.js';

/** The strings of <wallet-connect-button>: registered when its code (a chunk of its own) loads. */
export const buttonMessages = {
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.reconnecting': 'Reconnecting…',
  'button.balance': 'Balance',
} as const;

registerMessages(buttonMessages);
