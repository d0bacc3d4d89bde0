/**
 * The secure frame's own words, per locale: its page (/frame: the approval, the key export inside it) is served with the catalogue of the visitor's language, which the widget passes as `?lang=` (its own
 * language; the same rule as the widget's: `pt-BR` → `pt`, `zh-HK` → `zh-TW`, unknown → English). The 21 other
 * locales of the widget each have a catalogue in ./locales/ (every id of `en`, the same `{placeholders}`, the plural
 * forms the language has; checked by test/node/frame-locales.test.ts), worded as the widget's own catalogue of that
 * locale (src/locales/glossary/).
 */
import { direction, resolveLocale } from '../../src/core/locale.js';
import ar from './locales/ar.js';
import de from './locales/de.js';
import es from './locales/es.js';
import fa from './locales/fa.js';
import fr from './locales/fr.js';
import he from './locales/he.js';
import hi from './locales/hi.js';
import id from './locales/id.js';
import it from './locales/it.js';
import ja from './locales/ja.js';
import ko from './locales/ko.js';
import nl from './locales/nl.js';
import pl from './locales/pl.js';
import pt from './locales/pt.js';
import ru from './locales/ru.js';
import th from './locales/th.js';
import tr from './locales/tr.js';
import uk from './locales/uk.js';
import vi from './locales/vi.js';
import zhCN from './locales/zh-CN.js';
import zhTW from './locales/zh-TW.js';
import type { FrameTranslation } from './locales/types.js';

const en = {
  'title.page': 'Secure wallet',
  // The approval (frame.js)
  'approve.personal_sign': 'Sign message',
  'approve.eth_sign': 'Sign message',
  'approve.solana_signMessage': 'Sign message',
  'approve.eth_signTypedData_v4': 'Sign typed data',
  'approve.eth_sendTransaction': 'Approve transaction',
  'approve.wallet_grantPermissions': 'Grant permission',
  'approve.solana_signAndSendTransaction': 'Approve transaction',
  'approve.solana_signTransaction': 'Sign transaction',
  'approve.other': 'Approve request',
  'approve.reject': 'Reject',
  'approve.approve': 'Approve',
  'action.send': 'Send',
  'action.approve': 'Allow spending',
  'action.call': 'Contract call',
  'action.deploy': 'Deploy contract',
  'row.to': 'To',
  'row.spender': 'Spender',
  'row.contract': 'Contract',
  'row.site': 'Site',
  'row.allows': 'Allows',
  'row.token': 'Token',
  'row.toTheKey': 'To the key',
  'row.until': 'Until',
  'row.feeBudget': 'Network fee budget',
  'row.account': 'Account',
  'row.network': 'Network',
  'row.feeAtMost': 'Network fee (at most)',
  'row.domain': 'Domain',
  'row.type': 'Type',
  'row.action': 'Action',
  'row.amount': 'Amount',
  'row.from': 'From',
  'sign.intro': 'Sign this message with {address}',
  'sign.introOn': 'Sign this message with {address} on {network}',
  'sign.message': 'Message',
  'tx.instructions': 'Instructions',
  'tx.callData': 'Call data',
  // Words the service sends in what it shows (server/auth-frame/sign-*.ts, permissions.ts)
  'value.unlimited': 'Unlimited',
  'value.unlimitedOf': 'Unlimited {symbol}',
  'permission.transferUpTo': 'Transfer up to {amount}',
  'ix.transfer': 'Transfer {amount} from {from} to {to}',
  'ix.transferFromWallet': 'Transfer {amount} from this wallet to {to}',
  'ix.tokenTransfer': 'Token transfer of {amount} (mint {mint}) to token account {to}',
  'ix.call': 'Call to program {program}',
  'ix.callFromLookup': 'Call to program from a lookup table',
  'ix.lookupAccount': 'an account from a lookup table',
  'ix.computeLimit': 'Compute unit limit: {units}',
  'ix.computePrice': 'Compute unit price: {price} micro-lamports per unit',
  'ix.computeOther': 'Compute budget setting',
  // The key export (export.js)
  'export.title': 'Export wallet keys',
  'export.warning': 'Anyone with these keys controls your wallet: they can move everything in it, on every network, and you cannot undo it. Never share them, never paste them into a website, and never send them to anyone, including support. Show them only where no one can see your screen.',
  'export.intro': 'To confirm it is you, we will email a code to your address. The keys are shown only here, in this secure window, never to the site.',
  'export.emailCode': 'Email me a code',
  'export.codeSent': 'Enter the code we sent to {email}',
  'export.showKeys': 'Show keys',
  'export.resend': 'Send a new code',
  'export.cancel': 'Cancel',
  'export.done': 'Done',
  'export.reveal': 'Reveal',
  'export.hide': 'Hide',
  'export.copy': 'Copy',
  'export.copied': 'Copied. Paste it only into a wallet you trust, then clear your clipboard.',
  'export.copyRefused': 'Copying is not allowed here: reveal the key and select it.',
  'export.evmKey': 'EVM private key',
  'export.solanaKey': 'Solana secret key',
  'export.no_email': 'Key export needs an email address on your account to confirm it is you. This login has none.',
  'export.not_signed_in': 'You are signed out. Sign in again to export your keys.',
  'export.resend_too_soon': 'A code was sent a moment ago. Wait a minute before asking for another.',
  'export.rate_limited': 'Too many codes were requested. Try again later.',
  'export.invalid_code': 'Enter the 6-digit code from the email.',
  'export.wrong_code': 'That code is not right.',
  'export.expired_code': 'That code has expired or was already used. Ask for a new one.',
  'export.too_many_attempts': 'Too many wrong codes. Ask for a new one.',
  'export.mail_failed': 'The email could not be sent. Try again later.',
  'export.failed': 'Something went wrong. Try again.',
  'export.wrongCodeLeft.one': 'That code is not right. {count} attempt left.',
  'export.wrongCodeLeft.other': 'That code is not right. {count} attempts left.',
  'export.hiddenLabel': '{label} (hidden)',
} as const;

export type FrameMessageId = keyof typeof en;
export type FrameCatalogue = Record<FrameMessageId, string>;

/** The catalogues the frame serves, by locale (src/core/locale.ts's tags). */
export const FRAME_MESSAGES: Partial<Record<string, Partial<FrameTranslation>>> = {
  en, ar, de, es, fa, fr, he, hi, id, it, ja, ko, nl, pl, pt, ru, th, tr, uk, vi, 'zh-CN': zhCN, 'zh-TW': zhTW,
};

/** The locale, direction and messages (English where the locale has none) for a page asked for in `lang`. */
export function frameMessages(lang: string | undefined): { locale: string; dir: 'ltr' | 'rtl'; messages: FrameCatalogue } {
  const locale = FRAME_MESSAGES[resolveLocale(lang)] ? resolveLocale(lang) : 'en';
  return { locale, dir: direction(locale), messages: { ...en, ...FRAME_MESSAGES[locale] } };
}

/** Words the service sends (signing.ts's `Words`) in a catalogue's language, as the page's frame.js renders them. */
export function wordsText(words: string | { id: string; values?: Record<string, unknown> }, messages: Record<string, string> = en): string {
  if (typeof words === 'string') return words;
  const template = messages[words.id] ?? words.id;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = words.values?.[name];
    return value === undefined ? whole : wordsText(value as string, messages);
  });
}

/**
 * The messages as a JSON data block for a page (`<script type="application/json">`: data, never run, so the
 * pages' `script-src 'self'` holds); `<` escaped so no text can close the element.
 */
export const messagesBlock = (messages: FrameCatalogue): string =>
  `<script type="application/json" id="wcm-messages">${JSON.stringify(messages).replace(/</g, '\\u003c')}</script>`;
