import { atom } from 'nanostores';

/**
 * Whether the modal is open, and whether it has been opened on this page at all (`opened`: until then the
 * widget reads nothing from the network, and <wallet-connect-button> shows no account data). Loading states
 * live where the waiting is: the Suspense fallback while a view's code loads, and each data store's own status
 * (balances, activity, fee), not a flag here.
 */
export const $modal = atom<{ open: boolean; opened?: boolean }>({ open: false });

export const setModalOpen = (open: boolean) => $modal.set({ ...$modal.get(), open, ...(open && { opened: true }) });

/** Something needs the views' dialog before the modal first opens (the secure frame lives in it): load them. */
export const $viewsNeeded = atom(false);
