import { atom } from 'nanostores';

/** Where a change of email stands in UpdateEmailWallet: a step under way, or what the last step said. */
export interface EmailUpdateState {
  busy?: 'sending' | 'verifying' | 'finishing' | undefined;
  error?: string | undefined;
  notice?: string | undefined;
}

export const $emailUpdate = atom<EmailUpdateState>({});
