import { atom, onMount } from 'nanostores';
import { getIdentity } from '../services/wallet-api.js';
import { $connected } from './connection.js';
import { $walletApi } from './wallet-api-config.js';

/** The connected account's name and avatar (ENS on EVM), cached 5 min by the service layer; `address` is whose. */
type Identity = { name: string | null; avatar: string | null; address?: string } | undefined;
export const $identity = atom<Identity>(undefined);

/** The same value, for observers that must not start a read (<wallet-connect-button>): listening reads nothing. */
export const $knownIdentity = atom<Identity>(undefined);

const publish = (identity: Identity) => {
  $identity.set(identity);
  $knownIdentity.set(identity);
};

/** The connected account's identity changed here (a name was registered): shown at once, button included. */
export function setIdentity(address: string, identity: { name: string | null; avatar: string | null }): void {
  loads++; // a load still under way read the old answer: it must not put it back
  if ($connected.get()?.address === address) publish({ ...identity, address });
}

let loads = 0;

async function load() {
  const connection = $connected.get();
  const api = $walletApi.get();
  const mine = ++loads;
  publish(undefined);
  if (!connection || !api || connection.namespace !== 'eip155') return;
  const address = connection.address;
  try {
    let identity = await getIdentity(api, address, address);
    // An email or social login without a primary name: the profile service's reverse lookup names it (a name
    // registered in the zone), as the hosted modal does. Its client loads only then.
    if (identity.name === null && connection.connector.type === 'auth') {
      const { reverseName } = await import('../services/names-api.js');
      const name = await reverseName(api, address, address).catch(() => null);
      if (name) identity = { ...identity, name };
    }
    if (mine === loads && $connected.get()?.address === address) publish({ ...identity, address });
  } catch {
    // A missing name is not worth a toast: the address is shown instead.
  }
}

onMount($identity, () => {
  void load();
  const off = [$connected.listen((c, old) => { if (c?.address !== old?.address) void load(); }), $walletApi.listen(() => void load())];
  return () => off.forEach((stop) => stop());
});
