import { registerMessages } from './messages.js';

/** The strings of Send on Solana: registered when Send's code loads. docs/specification.md has no wording for these. */
export const solanaSendMessages = {
  'solanaSend.receiverPlaceholder': 'Solana address',
  'solanaSend.invalidReceiver': 'Enter a valid Solana address',
  'solanaSend.systemProgram': 'This is the System Program, not an account: anything sent there is lost',
  'solanaSend.belowRent': 'A new Solana account needs at least {amount} {symbol}: send that much or more',
  'solanaSend.feeExceedsBalance': 'Not enough {symbol} for this amount and the network fee: keep about {fee} {symbol} for the fee and your account’s minimum balance',
  'solanaSend.noFeeFunds': 'Not enough {symbol} to pay {fee} {symbol} and keep your account’s minimum balance',
  'solanaSend.feeWithDeposit': '{fee} + {deposit} deposit to open the receiver’s token account',
} as const;

registerMessages(solanaSendMessages);
