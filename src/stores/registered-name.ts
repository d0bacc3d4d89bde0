import { atom } from 'nanostores';

/** The name the connected account just registered (Get a name): the host's `wallet-name` event. */
export const $registeredName = atom<{ name: string; address: string; caipAddress: string } | undefined>(undefined);
