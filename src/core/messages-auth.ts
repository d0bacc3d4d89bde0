import { registerMessages } from './messages.js';

/**
 * Email login with an embedded wallet (docs/specification.md#views EmailLogin, ApproveTransaction, §8 verbatim):
 * registered when the login code loads. Each refusal of the secure service (`server/auth-frame/`) has its own
 * message here: the frame's English texts are never shown as they are.
 */
export const authMessages = {
  // docs/specification.md#errors
  'auth.notConnected': 'Not connected to email or social',
  'auth.noConnector': 'No auth connector found',
  // View titles (docs/specification.md#views names; the hosted modal's copy for the titles).
  'view.EmailLogin': 'Confirm Email',
  'view.ApproveTransaction': 'Approve Transaction',
  'auth.name': 'Email',
  'auth.emailLabel': 'Email',
  'auth.emailPlaceholder': 'you@example.com',
  'auth.continue': 'Continue with email',
  'auth.sending': 'Sending the code…',
  'auth.codeSent': 'Enter the 6-digit code we sent to {email}',
  'auth.codeLabel': 'Code',
  'auth.codeHint': 'The code expires in 10 minutes.',
  'auth.verify': 'Confirm',
  'auth.verifying': 'Checking the code…',
  'auth.resend': 'Resend code',
  'auth.resent': 'A new code is on its way.',
  'auth.approveHint': 'Review the request in the secure window below.',
  'auth.frameLoading': 'Opening the secure window…',
  'auth.accountEmail': 'Signed in as {email}',
  // The service's refusals (docs/email-and-social.md).
  'auth.invalidEmail': 'Enter a valid email address.',
  'auth.invalidCode': 'Enter the 6 digits of the code.',
  'auth.wrongCode': 'Wrong code. {attempts} attempts left.',
  'auth.wrongCodeLast': 'Wrong code. 1 attempt left.',
  'auth.expiredCode': 'This code has expired. Ask for a new one.',
  'auth.tooManyAttempts': 'Too many wrong codes. Ask for a new one.',
  'auth.resendTooSoon': 'Wait {seconds} s before asking for a new code.',
  'auth.rateLimited': 'Too many codes were asked for. Try again later.',
  'auth.mailFailed': 'The code could not be mailed. Try again.',
  'auth.frameFailed': 'The secure login window did not open. Try again.',
  'auth.failed': 'The email login did not work. Try again.',
  // The secure frame's accessible name.
  'auth.frameTitle': 'Secure wallet',
  // Account types (docs/specification.md#validation verbatim for the refusal).
  'view.AccountSettings': 'Account Settings',
  'smartAccount.notEnabled': 'Switching to a smart account needs a smart account enabled on the active network',
  'smartAccount.settings': 'Account settings',
  // Smart sessions (ERC-7715 permissions of the smart account): the Account entry and the view's title.
  'view.SmartSessionList': 'Smart Sessions',
  'sessions.entry': 'Smart Sessions',
  'smartAccount.type': 'Account type',
  'smartAccount.eoa': 'Your wallet (EOA)',
  'smartAccount.smart': 'Smart account',
  'smartAccount.toSmart': 'Switch to smart account',
  'smartAccount.toEoa': 'Switch to your wallet (EOA)',
  'smartAccount.deployed': 'Deployed on this network',
  'smartAccount.notDeployed': 'Not deployed yet: your first transaction deploys it',
  'smartAccount.switching': 'Switching…',
  'smartAccount.badgeDeployed': 'Smart account · deployed',
  'smartAccount.badgeNotDeployed': 'Smart account · not deployed yet',
  // Key export (AccountSettings): the keys themselves are shown only in the secure window.
  'keyExport.title': 'Wallet keys',
  'keyExport.hint': 'Export your private keys to use this wallet in another app. They are shown only in the secure window, after a code sent to {email}.',
  'keyExport.action': 'Export private keys',
  // UpdateEmailWallet (docs/specification.md#views; the hosted modal's titles for its three steps).
  'view.UpdateEmailWallet': 'Edit Email',
  'view.UpdateEmailPrimaryOtp': 'Confirm Current Email',
  'view.UpdateEmailSecondaryOtp': 'Confirm New Email',
  'emailUpdate.edit': 'Update email',
  'emailUpdate.newLabel': 'New email',
  'emailUpdate.submit': 'Continue',
  'emailUpdate.currentHint': 'To change your email, enter the 6-digit code we sent to your current address, {email}',
  'emailUpdate.newHint': 'Now enter the 6-digit code we sent to your new address, {email}',
  'emailUpdate.resendCurrent': 'Resend code',
  'emailUpdate.finishing': 'Updating your email…',
  'emailUpdate.done': 'Email updated to {email}',
  'emailUpdate.sameEmail': 'This is already your email.',
  'emailUpdate.taken': 'This email belongs to another account.',
  'emailUpdate.noEmail': 'This login has no email to change.',
  'emailUpdate.noUpdate': 'No email change is waiting for this code. Start again.',
} as const;

registerMessages(authMessages);
