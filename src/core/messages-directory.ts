import { registerMessages } from './messages.js';

/** The strings of the AllWallets view (the wallet directory): registered when that view's code loads. */
export const directoryMessages = {
  'directory.searchLabel': 'Search wallets',
  'directory.listLabel': 'All wallets',
  'directory.resultsLabel': 'Search results',
  'directory.loading': 'Loading wallets',
  'directory.loadMore': 'Load more wallets',
  'directory.noMatch': 'No wallet matches “{query}”',
  'directory.resultCount.one': '1 wallet found',
  'directory.resultCount.other': '{count} wallets found',
  'directory.empty': 'No wallets to show for these networks',
  'directory.failed': 'The wallet list could not be loaded.',
  'directory.unavailable': 'The wallet list is not available on this site.',
  'directory.unavailableHint': 'You can still connect a mobile wallet by scanning a QR code.',
  'directory.useQrCode': 'Show QR code',
  'directory.unavailableHintPhone': 'You can still connect a mobile wallet with a link to paste into it.',
  'directory.useLink': 'Get a link',
} as const;

registerMessages(directoryMessages);
