// The page's one listener (compiled to listen.js by any TypeScript setup; the check only type-checks it).
import type {} from 'wallet-connect-modal';

const modal = document.querySelector('wallet-connect-modal');
modal?.addEventListener('wallet-connect', (event) => {
  document.querySelector('#status')!.textContent = `Connected: ${event.detail.address} on ${event.detail.chainId}`;
});
document.addEventListener('wallet-transaction', (event) => {
  const kind: 'native-transfer' | 'erc20-transfer' | 'spl-transfer' | 'approve' | 'swap' = event.detail.kind;
  console.log(kind, event.detail.hash);
});
const button: HTMLElement | null = document.querySelector('wallet-connect-button');
console.log(button instanceof HTMLElement, modal?.state.status);
