import { registerMessages } from './messages.js';

/** SmartSessionList (docs/wire-formats.md#wallet-data-api's error words verbatim): registered when its view loads. */
export const sessionsMessages = {
  'sessions.fetchError': 'Error fetching smart sessions',
  'sessions.none': 'No smart sessions. A site you allow to act for your smart account is listed here.',
  'sessions.allows': 'Transfer up to {amount} {symbol}',
  'sessions.spent': '{amount} {symbol} spent',
  'sessions.expires': 'Expires {date}',
  'sessions.expired': 'Expired {date}',
  'sessions.revokedAt': 'Revoked {date}',
  'sessions.revoke': 'Revoke',
  'sessions.revokeLabel': 'Revoke the permission of {site}',
  'sessions.revoking': 'Revoking…',
  'sessions.revoked': 'Permission revoked',
  'sessions.rejected': 'Revoking was rejected',
  'sessions.revokeFailed': 'Error revoking smart session',
  'sessions.retry': 'Try again',
  'sessions.permission': 'Permission',
} as const;

registerMessages(sessionsMessages);
