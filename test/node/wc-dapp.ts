import { SignClient } from '@walletconnect/sign-client';

export type Dapp = InstanceType<typeof SignClient>;

let dappCount = 0;

/**
 * A Node dapp for the WalletKit peer's tests: sign-client with its own storage prefix, no telemetry, on the test
 * relay. `stop()` ends its transport and forgets the SDK's per-prefix globals; it may be called more than once.
 */
export async function startDapp(relayUrl: string, { name = 'Node test dapp', url = 'http://127.0.0.1' }: { name?: string; url?: string } = {}): Promise<{ dapp: Dapp; stop(): Promise<void> }> {
  const prefix = `wcm-test-dapp-${process.pid}-${++dappCount}`;
  const dapp = await SignClient.init({
    relayUrl,
    projectId: 'wc-wallet-test',
    customStoragePrefix: prefix,
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name, description: 'a WalletKit peer test', url, icons: [] },
  });
  let stopped: Promise<void> | undefined;
  return {
    dapp,
    stop: () =>
      (stopped ??= (async () => {
        dapp.core.heartbeat.stop();
        await dapp.core.relayer.transportClose();
        const globals = globalThis as Record<string, unknown>;
        delete globals[`_walletConnectCore_${prefix}`];
        delete globals[`_walletConnectCore_${prefix}_count`];
      })()),
  };
}
