// The peer's own WalletConnect Core and WalletKit: telemetry off, its own storage prefix, and closed so the
// process can exit (Core caches itself on globalThis by prefix; a later peer with the same prefix needs a fresh one).
import { WalletKit } from '@reown/walletkit';
import { Core } from '@walletconnect/core';

export interface KitOptions {
  relayUrl: string;
  projectId: string;
  storagePrefix: string;
  sdkLogLevel: string;
  storageDir?: string;
  name: string;
}

export async function initWalletKit({ relayUrl, projectId, storagePrefix, sdkLogLevel, storageDir, name }: KitOptions) {
  const core = new Core({
    relayUrl,
    projectId,
    customStoragePrefix: storagePrefix,
    telemetryEnabled: false,
    logger: sdkLogLevel,
    ...(storageDir ? { storageOptions: { database: storageDir } } : {}),
  });
  const walletKit = await WalletKit.init({
    core,
    metadata: { name, description: 'Local WalletConnect test wallet (WalletKit + viem)', url: 'http://127.0.0.1', icons: [] },
    // Requests are emitted as they come, not one per second.
    signConfig: { disableRequestQueue: true },
  });
  return { core, walletKit };
}

/** Closes the relay socket and timers, and forgets the cached Core. */
export async function closeWalletKit(core: InstanceType<typeof Core>, storagePrefix: string): Promise<void> {
  try {
    core.heartbeat.stop();
    await core.relayer.transportClose();
  } finally {
    const globals = globalThis as Record<string, unknown>;
    delete globals[`_walletConnectCore_${storagePrefix}`];
    delete globals[`_walletConnectCore_${storagePrefix}_count`];
  }
}
