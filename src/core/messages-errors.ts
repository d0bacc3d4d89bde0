import { registerMessages } from './messages.js';

/**
 * What a wallet's refusal or failure reads as (docs/specification.md#errors where it names them): registered by the code that
 * reads wallets' answers (`foreign-errors.ts`, the connectors' sessions), all of it loaded once a visitor acts.
 */
export const errorMessages = {
  'error.connectionRejected': 'Connection rejected',
  'error.disconnectFailed': 'Failed to disconnect',
  'error.invalidResponse': 'The wallet sent an invalid response',
  'error.chainNotConfigured': 'Network not configured',
  'error.switchRejected': 'Network switch rejected',
  'error.switchFailed': 'Failed to switch network',
  'error.userRejected': 'Request rejected',
  'error.unauthorized': 'The wallet has not authorised this site',
} as const;

registerMessages(errorMessages);
