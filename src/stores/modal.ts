import { atom } from 'nanostores';

/** Whether the modal is open, and whether it waits on something before it can show content. */
export const $modal = atom<{ open: boolean; loading: boolean }>({ open: false, loading: false });

export const setModalOpen = (open: boolean) => $modal.set({ ...$modal.get(), open });
export const setModalLoading = (loading: boolean) => $modal.set({ ...$modal.get(), loading });
