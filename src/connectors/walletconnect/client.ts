import { Core } from '@walletconnect/core';
import { pino } from '@walletconnect/logger';
import { SignClient } from '@walletconnect/sign-client';
import { retireClient } from './retired.js';
import { modalStorage } from './storage.js';

export type WalletConnectClient = InstanceType<typeof SignClient>;

export interface ClientOptions {
  relayUrl: string;
  projectId: string | undefined;
}

/** Keys and globals of ours, distinct from any WalletConnect client the host page runs itself. */
export const WALLETCONNECT_STORAGE_PREFIX = 'wallet-connect-modal';

let current: { key: string; client: Promise<WalletConnectClient> } | undefined;

/**
 * The SDK keeps each Core on the page's global object (`_walletConnectCore_<prefix>` and a `…_count`), to hand
 * the same Core to a second `new Core()`. Ours are removed as soon as the constructor (synchronous) has run:
 * nothing of ours stays on the host's globals, and a client made for another relay gets a Core of its own
 * rather than the cached one still bound to the old relay.
 */
function forgetGlobalCore(): void {
  const key = `_walletConnectCore_${WALLETCONNECT_STORAGE_PREFIX}`;
  const global = globalThis as Record<string, unknown>;
  delete global[key];
  delete global[`${key}_count`];
}

/** This page's metadata, as the wallet shows it in its approval prompt. */
function appMetadata() {
  const url = location.origin;
  return { name: document.title.trim() || location.host, description: '', url, icons: [] };
}

/**
 * The one sign client for `relayUrl` + `projectId`, created on first use. Unlike the SDK's defaults:
 * - our own storage (IndexedDB "wallet-connect-modal") and storage prefix;
 * - no telemetry and a silent logger (which also keeps `window.downloadLogsBlobInBrowser` undefined);
 * - nothing left on the host's globals (`forgetGlobalCore`);
 * - no Verify: in the browser the SDK adds a hidden iframe of the Verify server to `document.body` on every
 *   connect and request, and waits up to 5 s for it when the server is unreachable (offline, self-hosted,
 *   or a host CSP without that frame-src). Wallets then see the domain as unverified.
 */
export function getSignClient(options: ClientOptions): Promise<WalletConnectClient> {
  const key = `${options.relayUrl} ${options.projectId ?? ''}`;
  if (current?.key === key) return current.client;
  // A changed relay-url or project-id: the previous client's socket is closed, not left open beside the new one.
  if (current) current.client.then(retireClient, () => undefined);
  const client = (async () => {
    // Errors reach the widget as rejections; the SDK logging them too would only fill the host's console.
    const logger = pino({ level: 'silent' });
    const core = new Core({
      relayUrl: options.relayUrl,
      ...(options.projectId ? { projectId: options.projectId } : {}),
      customStoragePrefix: WALLETCONNECT_STORAGE_PREFIX,
      storage: modalStorage(),
      telemetryEnabled: false,
      logger,
    });
    forgetGlobalCore();
    core.verify.register = async () => undefined;
    return SignClient.init({ core, logger, metadata: appMetadata() });
  })();
  current = { key, client };
  client.catch(() => {
    if (current?.client === client) current = undefined;
  });
  return client;
}
