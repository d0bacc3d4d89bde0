import { registerMessages } from './messages.js';

/** The strings of WalletConnect (ConnectingWalletConnect, its errors): registered when its code loads. */
export const walletConnectMessages = {
  'walletconnect.scan': 'Scan this QR code with your phone',
  'walletconnect.scanWith': 'Scan this QR code with {wallet}',
  'walletconnect.qrLabel': 'QR code to connect {wallet}',
  'walletconnect.preparing': 'Preparing the QR code',
  'walletconnect.copyLink': 'Copy link',
  'walletconnect.linkCopied': 'Link copied',
  'walletconnect.open': 'Open {wallet}',
  'walletconnect.notOpened': 'If {wallet} did not open, tap the button below. You may need to install it first.',
  'walletconnect.failedHint': 'The wallet did not connect.',
  'walletconnect.relayHint': 'Check your internet connection, then try again.',
  'walletconnect.relayUnavailable': 'Could not reach the WalletConnect relay',
  'walletconnect.expired': 'The QR code expired. A new one is shown.',
} as const;

registerMessages(walletConnectMessages);
