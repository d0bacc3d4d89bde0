import { atom } from 'nanostores';
import type { AuthUser } from '../connectors/auth/connector.js';

/**
 * Email login: where the visitor is in it and what the last step said (a message from the
 * catalogue, never the service's own text), and the signed-in user (docs/specification.md#data `user`) for the Account view.
 * Loaded with the login code only.
 */
export interface EmailLoginState {
  /** The step under way. */
  busy?: 'sending' | 'resending' | 'verifying' | undefined;
  /** Which field the message is about: the email (Connect) or the code (EmailLogin). */
  where?: 'email' | 'code' | undefined;
  error?: string | undefined;
  /** A step that went well and says so (a code sent again). */
  notice?: string | undefined;
}

export const $emailLogin = atom<EmailLoginState>({});

/** The user of the email wallet while it is connected. */
export const $authUser = atom<AuthUser | null>(null);

/** While the secure frame shows a request to approve (ApproveTransaction). */
export const $approving = atom(false);
