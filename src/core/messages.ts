/**
 * Every user-visible string, keyed by id (English first). the strings of docs/specification.md are kept verbatim.
 * Views and actions ask for a message by id, so locales can be added without touching them.
 */
import { direction, resolveLocale } from './locale.js';

const en = {
  // docs/specification.md#errors
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

/** The messages registered so far in `lang`'s locale, in registration order (English: the built-in ones, then each feature's). */
export const messagesOf = (lang: string): Partial<Record<MessageId, string>> => ({ ...catalogues[resolveLocale(lang)] });

/** Counts registrations, so what shows a string registered late (a view's title) can render again. */
let version = 0;
const registered = new Set<() => void>();
export const cataloguesVersion = (): number => version;
export function onMessagesRegistered(listener: () => void): () => void {
  registered.add(listener);
  return () => registered.delete(listener);
}

let current = 'en';
/** The language of messages asked for without one (the stores' and actions'): the modal's, which the element sets. */
export function setLanguage(lang: string): void {
  current = lang;
}

/**
 * The message for `id` in `lang` (default: the modal's language; its locale, src/core/locale.ts; falling back to English, then to the id), with
 * `{name}` placeholders filled. In a right-to-left locale each value is isolated (U+2068 … U+2069), so an address,
 * hash or amount keeps its own direction inside the sentence.
 */
export function t(id: MessageId, values: Record<string, string> = {}, lang = current): string {
  const locale = resolveLocale(lang);
  const template = catalogues[locale]?.[id] ?? catalogues.en?.[id] ?? id;
  const isolate = locale !== 'en' && direction(locale) === 'rtl';
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) return `{${name}}`;
    return isolate ? `\u2068${value}\u2069` : value;
  });
}

/** Ids that come in plural forms: `<base>.one` and `<base>.other` (English), `<base>.zero|two|few|many` where a locale needs them. */
type PluralBase = MessageId extends infer Id ? (Id extends `${infer Base}.other` ? Base : never) : never;

/**
 * The plural form of `base` for `count` in `lang` (Intl.PluralRules): `<base>.<category>` when the locale has that
 * form, else `<base>.other`; `{count}` is the number formatted in the locale.
 */
export function tPlural(base: PluralBase, count: number, values: Record<string, string> = {}, lang = current): string {
  const locale = resolveLocale(lang);
  const category = new Intl.PluralRules(lang).select(count);
  const forms = catalogues[locale] as Record<string, string> | undefined;
  const id = (`${base}.${category}` in (forms ?? catalogues.en ?? {}) ? `${base}.${category}` : `${base}.other`) as MessageId;
  return t(id, { count: new Intl.NumberFormat(lang).format(count), ...values }, lang);
}

/** Whether the messages of `lang`'s locale are in (English always is; another once its chunk has loaded). */
export const hasLocale = (lang: string): boolean => resolveLocale(lang) === 'en' || resolveLocale(lang) in catalogues;
