import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import '../../core/messages-social.js';

/**
 * The popup's ticket → the frame's session (`social_complete`) → the same `auth` connections as email login.
 * The frame and the `auth` connector come with email login (branch h13/email-widget); until it is merged the
 * ticket cannot be used, and this says so (SPEC.md §8 "No auth connector found").
 */
export async function completeSocialLogin(ticket: string): Promise<void> {
  throw new WidgetError('PROVIDER_NOT_FOUND', t('error.providerNotFound'), { details: `no auth connector yet for ticket of ${ticket.length} characters` });
}
