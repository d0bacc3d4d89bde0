import { registerMessages } from './messages.js';

/**
 * The strings of account data (tokens, activity), Send and the remote services: registered when the code
 * that shows them loads, so they stay out of the entry file. SPEC.md's strings are copied verbatim.
 */
export const accountMessages = {
  'error.tokenBalanceUnavailable': 'Token Balance Unavailable',
  'error.amountAndReceiverRequired': 'An amount and receiver address are required',
  'error.tokenRequired': 'A token is required',
  'error.failedToFetchTransactions': 'Failed to fetch transactions',
  'error.invalidReceiver': 'Enter a valid address or name',
  'error.receiverNotFound': 'No address found for {name}',
  'error.invalidAmount': 'Enter an amount such as 1.5',
  'error.zeroAmount': 'Enter an amount greater than 0',
  'error.tooManyDecimals': '{symbol} has at most {decimals} decimals',
  'error.insufficientBalance': 'Insufficient {symbol} balance',
  'error.sendFailed': 'The transaction failed',
  'error.receiptTimeout': 'The transaction is still pending',
  'error.serviceUnavailable': 'The service could not be reached',
  'error.invalidAppConfig': 'Invalid app configuration',
  'error.rateLimited': 'Too many requests, try again shortly',
  'error.serverError': 'The service had a problem',
  'error.requestFailed': 'The request failed',
  'error.invalidServiceResponse': 'The service sent an invalid response',
  'account.tokens': 'Tokens',
  'account.activity': 'Activity',
  'account.totalValue': 'Total value',
  'account.noTokens': 'No tokens yet',
  'account.noActivity': 'No activity yet',
  'account.loadingActivity': 'Loading activity',
  'activity.send': 'Sent',
  'activity.receive': 'Received',
  'activity.self': 'Moved',
  'activity.failed': 'Failed',
  'action.send': 'Send',
  'action.review': 'Review',
  'action.confirmSend': 'Send now',
  'send.token': 'Token',
  'send.chooseToken': 'Choose a token',
  'send.amount': 'Amount',
  'send.receiver': 'To',
  'send.receiverPlaceholder': 'Address or ENS name',
  'send.available': 'Available: {amount} {symbol}',
  'send.networkFee': 'Network fee',
  'send.estimating': 'Estimating…',
  'send.feeUnavailable': 'Could not estimate',
  'send.approveInWallet': 'Approve the transaction in your wallet',
  'send.pending': 'Transaction sent, waiting for confirmation',
  'send.confirmed': 'Transaction confirmed',
} as const;

registerMessages(accountMessages);
