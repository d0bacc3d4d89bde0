import { atom } from 'nanostores';

/** Where a Sign In With Farcaster is (ConnectingFarcaster): the channel's link once the service opened it. */
export type FarcasterLoginState =
  | { status: 'starting' }
  | { status: 'waiting'; url: string }
  | { status: 'signing-in'; url: string }
  | { status: 'error'; error: string };

export const $farcasterLogin = atom<FarcasterLoginState>({ status: 'starting' });
