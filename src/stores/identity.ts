import { atom, onMount } from 'nanostores';
import { getIdentity } from '../services/wallet-api.js';
import { $connected } from './connection.js';
import { $walletApi } from './wallet-api-config.js';

/** The connected account's name and avatar (ENS on EVM), cached 5 min by the service layer; `address` is whose. */
export const $identity = atom<{ name: string | null; avatar: string | null; address?: string } | undefined>(undefined);

async function load() {
  const connection = $connected.get();
  const api = $walletApi.get();
  $identity.set(undefined);
  if (!connection || !api || connection.namespace !== 'eip155') return;
  const address = connection.address;
  try {
    const identity = await getIdentity(api, address, address);
    if ($connected.get()?.address === address) $identity.set({ ...identity, address });
  } catch {
    // A missing name is not worth a toast: the address is shown instead.
  }
}

onMount($identity, () => {
  void load();
  const off = [$connected.listen((c, old) => { if (c?.address !== old?.address) void load(); }), $walletApi.listen(() => void load())];
  return () => off.forEach((stop) => stop());
});
