import { atom } from 'nanostores';
import type { SocialLoginState } from '../core/social-login.js';

/** Where the social login is (src/core/social-login.ts). Loaded with the social buttons. */
export const $socialLogin = atom<SocialLoginState>({ status: 'idle' });
