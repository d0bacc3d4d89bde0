/**
 * Every user-visible string, keyed by id (English first). SPEC.md's strings are copied verbatim.
 * Views and actions ask for a message by id, so locales can be added without touching them.
 */
const en = {
  // SPEC.md §8
  'error.connectFailed': 'Failed to connect',
  'error.modalClosed': 'Modal closed',
  'error.unsupportedChain': 'Unsupported chain',
  // Our own
  'error.providerNotFound': 'Wallet not found',
  'error.alreadyConnected': 'A wallet is already connected',
  'error.notConnected': 'No wallet is connected',
  'error.invalidStatus': 'Invalid connection status',
  'error.unknown': 'Something went wrong',
  'error.invalidConfig': 'Invalid configuration',
  'error.invalidArgument': 'Invalid argument',
  'error.viewLoadFailed': 'The wallet modal could not be loaded. Check your connection and try again.',

  'view.Connect': 'Connect Wallet',
  'view.AllWallets': 'All Wallets',
  'view.ConnectingExternal': '{wallet}',
  'view.ConnectingWalletConnect': 'WalletConnect',
  'view.Account': 'Account',
  'view.SwitchNetwork': 'Choose Network',
  'view.UnsupportedChain': 'Switch Network',
  'view.SwitchActiveChain': 'Switch Network',
  'view.loading': 'Loading',
  'view.Send': 'Send',
  'view.SendReview': 'Review Send',
  'view.SendResult': 'Transaction',
  'view.Receive': 'Receive',
  'view.WhatIsAWallet': 'What is a wallet?',
  'view.GetAWallet': 'Get a wallet',
  'view.SIWXSignMessage': 'Sign In',
  'view.DataCapture': 'Profile',
  'view.RegisterAccountName': 'Choose Name',

  'action.close': 'Close',
  'action.back': 'Back',
  'action.retry': 'Try again',
  'action.startOver': 'Start over',

  'connect.recent': 'Recent',
  'connect.installed': 'Installed',
  'connect.noWallets': 'No browser wallet found. Connect with WalletConnect, or install a browser-extension wallet and reload the page.',
  'connect.walletsLabel': 'Wallets',
  'connect.walletConnect': 'WalletConnect',
  'connect.qrCode': 'QR code',
  'connect.allWallets': 'All wallets',
  'connect.terms': 'Terms of Service',
  'connect.privacy': 'Privacy Policy',
  'connecting.continueIn': 'Continue in {wallet}',
  'connecting.acceptRequest': 'Accept the connection request in your wallet.',
  'connecting.rejectedHint': 'The request was declined in the wallet.',
  'connecting.failedHint': 'The wallet did not connect.',

} as const;

/** Ids of the core catalogue (above) and of the catalogues lazily loaded features register. */
export type MessageId =
  | keyof typeof en
  | keyof typeof import('./messages-account.js').accountMessages
  | keyof typeof import('./messages-transactions.js').transactionMessages
  | keyof typeof import('./messages-activity.js').activityMessages
  | keyof typeof import('./messages-directory.js').directoryMessages
  | keyof typeof import('./messages-walletconnect.js').walletConnectMessages
  | keyof typeof import('./messages-solana.js').solanaMessages
  | keyof typeof import('./messages-solana-send.js').solanaSendMessages
  | keyof typeof import('./messages-help.js').helpMessages
  | keyof typeof import('./messages-button.js').buttonMessages
  | keyof typeof import('./messages-errors.js').errorMessages
  | keyof typeof import('./messages-siwx.js').siwxMessages
  | keyof typeof import('./messages-names.js').nameMessages
  | keyof typeof import('./messages-wallet-views.js').walletViewMessages
  | keyof typeof import('./messages-onramp.js').onRampMessages
  | keyof typeof import('./messages-swap.js').swapMessages
  | keyof typeof import('./messages-auth.js').authMessages
  | keyof typeof import('./messages-social.js').socialMessages
  | keyof typeof import('./messages-wallets.js').walletsMessages
  | keyof typeof import('./messages-sessions.js').sessionsMessages;

const catalogues: Record<string, Partial<Record<MessageId, string>>> = { en: { ...en } };

/**
 * Adds a feature's messages, in `lang` (English by default). Features that load on demand register theirs
 * when their code loads, so the entry file carries only the strings its own views need.
 */
export function registerMessages(messages: Partial<Record<MessageId, string>>, lang = 'en'): void {
  catalogues[lang] = { ...catalogues[lang], ...messages };
  version += 1;
  registered.forEach((listener) => listener());
}

/** Counts registrations, so what shows a string registered late (a view's title) can render again. */
let version = 0;
const registered = new Set<() => void>();
export const cataloguesVersion = (): number => version;
export function onMessagesRegistered(listener: () => void): () => void {
  registered.add(listener);
  return () => registered.delete(listener);
}

/** The message for `id` in `lang` (falling back to English, then to the id), with `{name}` placeholders filled. */
export function t(id: MessageId, values: Record<string, string> = {}, lang = 'en'): string {
  const base = lang.toLowerCase().split('-')[0] ?? 'en';
  const template = catalogues[base]?.[id] ?? catalogues.en?.[id] ?? id;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}
