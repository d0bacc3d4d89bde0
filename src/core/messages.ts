/**
 * Every user-visible string, keyed by id (English first). SPEC.md's strings are copied verbatim.
 * Views and actions ask for a message by id, so locales can be added without touching them.
 */
const en = {
  // SPEC.md §8
  'error.connectionRejected': 'Connection rejected',
  'error.connectFailed': 'Failed to connect',
  'error.disconnectFailed': 'Failed to disconnect',
  'error.modalClosed': 'Modal closed',
  'error.unsupportedChain': 'Unsupported chain',
  'error.tokenBalanceUnavailable': 'Token Balance Unavailable',
  'error.amountAndReceiverRequired': 'An amount and receiver address are required',
  'error.tokenRequired': 'A token is required',
  'error.failedToFetchTransactions': 'Failed to fetch transactions',
  // Our own
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
  'error.providerNotFound': 'Wallet not found',
  'error.alreadyConnected': 'A wallet is already connected',
  'error.notConnected': 'No wallet is connected',
  'error.invalidStatus': 'Invalid connection status',
  'error.invalidResponse': 'The wallet sent an invalid response',
  'error.chainNotConfigured': 'Network not configured',
  'error.switchRejected': 'Network switch rejected',
  'error.switchFailed': 'Failed to switch network',
  'error.userRejected': 'Request rejected',
  'error.unauthorized': 'The wallet has not authorised this site',
  'error.unknown': 'Something went wrong',
  'error.invalidConfig': 'Invalid configuration',
  'error.invalidArgument': 'Invalid argument',

  'view.Connect': 'Connect Wallet',
  'view.ConnectingExternal': '{wallet}',
  'view.Account': 'Account',
  'view.SwitchNetwork': 'Choose Network',
  'view.UnsupportedChain': 'Switch Network',
  'view.loading': 'Loading',
  'view.Send': 'Send',
  'view.SendReview': 'Review Send',

  'action.close': 'Close',
  'action.back': 'Back',
  'action.retry': 'Try again',
  'action.copyAddress': 'Copy address',
  'action.switchNetwork': 'Switch network',
  'action.disconnect': 'Disconnect',

  'connect.recent': 'Recent',
  'connect.installed': 'Installed',
  'connect.noWallets': 'No wallet found in this browser. Install a browser-extension wallet, then reload the page.',
  'connect.walletsLabel': 'Wallets',
  'connecting.continueIn': 'Continue in {wallet}',
  'connecting.acceptRequest': 'Accept the connection request in your wallet.',
  'connecting.rejectedHint': 'The request was declined in the wallet.',
  'connecting.failedHint': 'The wallet did not connect.',

  'account.copied': 'Address copied',
  'account.balance': 'Balance',
  'account.balanceLoading': 'Loading balance',
  'account.network': 'Network',
  'account.unknownBalance': '—',
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

  'switch.approveInWallet': 'Approve in your wallet',
  'switch.approveHint': 'Switch to {network} in your wallet to continue.',
  'switch.current': 'Current',
  'switch.networksLabel': 'Networks',

  'unsupported.body': 'This app does not support the network your wallet is on. Switch to a supported network to continue.',
  'unsupported.current': 'Your wallet is on {network}.',

  'toast.dismiss': 'Dismiss',
} as const;

export type MessageId = keyof typeof en;

const catalogues: Record<string, Partial<Record<MessageId, string>>> = { en };

/** The message for `id` in `lang` (falling back to English), with `{name}` placeholders filled. */
export function t(id: MessageId, values: Record<string, string> = {}, lang = 'en'): string {
  const base = lang.toLowerCase().split('-')[0] ?? 'en';
  const template = catalogues[base]?.[id] ?? en[id];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}
