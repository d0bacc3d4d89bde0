import * as z from 'zod/mini';
import type { Eip1193Provider } from '../types.js';

/** A wallet announced through EIP-6963 (https://eips.ethereum.org/EIPS/eip-6963), or the legacy `window.ethereum`. */
export interface InjectedWallet {
  info: { uuid: string; name: string; icon: string | undefined; rdns: string };
  provider: Eip1193Provider;
}

const announcement = z.object({
  info: z.object({
    uuid: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    // EIP-6963 says the icon MUST be a data URI; anything else would be a request we did not ask for.
    icon: z.optional(z.string()),
    rdns: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  provider: z.custom<Eip1193Provider>((p) => typeof p === 'object' && p !== null && typeof (p as Eip1193Provider).request === 'function'),
});

const safeIcon = (icon: string | undefined) => (icon && /^data:image\/(svg\+xml|png|jpeg|gif|webp)[;,]/i.test(icon) ? icon : undefined);

/**
 * Listens for announcements (passive: no request, nothing sent). Malformed announcements are ignored
 * (they come from page scripts we do not control). Returns the function that stops listening.
 */
export function listenForInjectedWallets(onWallet: (wallet: InjectedWallet) => void, target: Window = window): () => void {
  const onAnnounce = (event: Event) => {
    const parsed = announcement.safeParse((event as CustomEvent).detail);
    if (!parsed.success) return;
    const { info, provider } = parsed.data;
    onWallet({ info: { ...info, icon: safeIcon(info.icon) }, provider });
  };
  target.addEventListener('eip6963:announceProvider', onAnnounce);
  return () => target.removeEventListener('eip6963:announceProvider', onAnnounce);
}

/** Asks the wallets present to announce themselves (again). */
export function requestInjectedWallets(target: Window = window): void {
  target.dispatchEvent(new Event('eip6963:requestProvider'));
}

/** Listens for announcements and asks wallets to announce. Returns the function that stops listening. */
export function watchInjectedWallets(onWallet: (wallet: InjectedWallet) => void, target: Window = window): () => void {
  const stop = listenForInjectedWallets(onWallet, target);
  requestInjectedWallets(target);
  return stop;
}

/** The pre-EIP-6963 provider at `window.ethereum`, offered only when no wallet announced itself. */
export function legacyInjectedWallet(target: Window = window): InjectedWallet | undefined {
  const provider = (target as Window & { ethereum?: unknown }).ethereum;
  if (!provider || typeof (provider as Eip1193Provider).request !== 'function') return undefined;
  return {
    info: { uuid: 'legacy', name: 'Browser Wallet', icon: undefined, rdns: 'legacy.injected' },
    provider: provider as Eip1193Provider,
  };
}
