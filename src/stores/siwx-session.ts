import { atom } from 'nanostores';
import type { SiwxSession } from '../core/siwx-rules.js';

/**
 * The sign-in session of the connected account, when the host set `siwx-url` and the visitor signed in. Small on
 * purpose (it is in the entry file, for `state.session` and `wallet-session`); the sign-in flow is in
 * `actions/siwx.ts`, a lazily loaded chunk.
 */
export const $siwxSession = atom<SiwxSession | undefined>(undefined);
