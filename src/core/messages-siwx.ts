import { registerMessages } from './messages.js';

/** Sign in with the wallet (docs/specification.md#states SIWXSignMessage, §8 verbatim): registered by the lazily loaded sign-in chunk. */
export const siwxMessages = {
  'siwx.notEnabled': 'SIWX is not enabled',
  'siwx.verifyFailed': 'Failed to verify message',
  'siwx.signFailed': 'Error signing message',
  'siwx.initFailed': 'A problem occurred while trying initialize authentication',
  // The SIWXSignMessage view (docs/wire-formats.md#sign-in, the hosted modal's copy).
  'siwx.needsConnect': '{name} needs to connect to your wallet',
  'siwx.explain': 'Sign this message to prove you own this wallet and proceed.',
  'siwx.cancelDisconnects': 'Canceling will disconnect you.',
  'siwx.sign': 'Sign',
  'siwx.cancel': 'Cancel',
  'siwx.signing': 'Waiting for signature…',
  // DataCapture (docs/sign-in.md: the backend requires a confirmed email before the sign-in).
  'dataCapture.intro': 'Enter your email to sign in. We will send you a code to confirm it.',
  'dataCapture.email': 'Email',
  'dataCapture.continue': 'Continue',
  'dataCapture.codeSent': 'Enter the code sent to {email}',
  'dataCapture.code': 'Code',
  'dataCapture.confirm': 'Confirm',
  'dataCapture.invalidEmail': 'Invalid email',
  'dataCapture.wrongCode': 'Invalid code',
  'dataCapture.expiredCode': 'The code has expired. Ask for a new one.',
  'dataCapture.tooManyAttempts': 'Too many attempts. Ask for a new code.',
  'dataCapture.resendTooSoon': 'Please wait before asking for another code.',
  'dataCapture.failed': 'Something went wrong. Try again.',
  'dataCapture.verifyAgain': 'Something went wrong. We need to verify your account again.',
} as const;

registerMessages(siwxMessages);
