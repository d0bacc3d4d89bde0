import { registerMessages } from './messages.js';

/** Sign in with the wallet (SPEC.md §4 SIWXSignMessage, §8 verbatim): registered by the lazily loaded sign-in chunk. */
export const siwxMessages = {
  'siwx.notEnabled': 'SIWX is not enabled',
  'siwx.verifyFailed': 'Failed to verify message',
  'siwx.signFailed': 'Error signing message',
  'siwx.initFailed': 'A problem occurred while trying initialize authentication',
  'siwx.statement': 'Sign in to {name}.',
} as const;

registerMessages(siwxMessages);
