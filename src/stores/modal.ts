import { atom } from 'nanostores';

/**
 * Whether the modal is open. Loading states live where the waiting is: the Suspense fallback while a view's
 * code loads, and each data store's own status (balances, activity, fee), not a flag here.
 */
export const $modal = atom<{ open: boolean }>({ open: false });

export const setModalOpen = (open: boolean) => $modal.set({ ...$modal.get(), open });
