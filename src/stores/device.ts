import { atom } from 'nanostores';
import { isMobileDevice } from '../core/device.js';

/**
 * Whether this is a phone or tablet (coarse pointer or a mobile user agent): the one answer the directory
 * list and ConnectingWalletConnect both use. Read once, when the first code that needs it loads; tests set it.
 */
export const $onMobile = atom<boolean>(isMobileDevice());
