import { registerMessages } from './messages.js';

/** Sign in with the wallet (SPEC.md §4 SIWXSignMessage, §8 verbatim): registered by the lazily loaded sign-in chunk. */
export const siwxMessages = {
  'siwx.notEnabled': 'SIWX is not enabled',
  'siwx.verifyFailed': 'Failed to verify message',
  'siwx.signFailed': 'Error signing message',
  'siwx.initFailed': 'A problem occurred while trying initialize authentication',
  // The SIWXSignMessage view (hosted-api.md §5.4, the hosted modal's copy).
  'siwx.needsConnect': '{name} needs to connect to your wallet',
  'siwx.explain': 'Sign this message to prove you own this wallet and proceed.',
  'siwx.cancelDisconnects': 'Canceling will disconnect you.',
  'siwx.sign': 'Sign',
  'siwx.cancel': 'Cancel',
  'siwx.signing': 'Waiting for signature…',
} as const;

registerMessages(siwxMessages);
