import type {} from 'wallet-connect-modal';

const modal = document.createElement('wallet-connect-modal');
modal.addEventListener('wallet-connect', (e) => e.detail.address.toLowerCase());
// @ts-expect-error -- theme is 'light' | 'dark' | 'system'
modal.theme = 42;
const button = document.createElement('wallet-connect-button');
button.toggleAttribute('hidden');
document.addEventListener('wallet-error', (e) => e.detail.code);
