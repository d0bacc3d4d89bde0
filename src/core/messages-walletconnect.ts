import { registerMessages } from './messages.js';

/** The strings of WalletConnect (ConnectingWalletConnect, its errors): registered when its code loads. */
export const walletConnectMessages = {
  'walletconnect.scan': 'Scan this QR code with your phone',
  'walletconnect.scanWith': 'Scan this QR code with {wallet}',
  'walletconnect.qrLabel': 'QR code to connect {wallet}',
  'walletconnect.preparing': 'Preparing the QR code',
  'walletconnect.preparingLink': 'Preparing the link',
  'walletconnect.copyLink': 'Copy link',
  'walletconnect.linkCopied': 'Link copied',
  'walletconnect.open': 'Open {wallet}',
  'walletconnect.notOpened': 'If {wallet} did not open, tap the button below. You may need to install it first.',
  'walletconnect.pasteHint': 'Copy the link and open it in your wallet app.',
  'walletconnect.install.app_store': 'Get {wallet} on the App Store',
  'walletconnect.install.play_store': 'Get {wallet} on Google Play',
  'walletconnect.install.chrome_store': 'Get the {wallet} extension',
  'walletconnect.install.homepage': 'Get {wallet}',
  'walletconnect.failedHint': 'The wallet did not connect.',
  'walletconnect.relayHint': 'Check your internet connection, then try again.',
  'walletconnect.relayUnavailable': 'Could not reach the WalletConnect relay',
  'walletconnect.expired': 'The QR code expired. A new one is shown.',
} as const;

registerMessages(walletConnectMessages);
