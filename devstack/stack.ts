import { startAnvil, type Anvil } from './anvil.js';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC, seedAccounts } from '../server/chain/clients.js';
import type { SeededChain } from '../server/chain/types.js';
import { PROJECT_ROOT } from '../server/paths.js';
import { startWalletApi, type WalletApiServer } from '../server/api/serve.js';
import { startDirectory, type DirectoryServer } from '../server/directory/serve.js';
import { startRelay, type Relay } from '../server/relay/relay.js';
import { seedEvmOnce, seedSolanaOnce } from './seed-once.js';
import { SOL_PRICE_USD } from './solana/seed-design.js';
import { startSolanaChain, type SolanaChain } from './solana/serve.js';
import type { SeededSolana } from '../server/solana/types.js';
import { createSignInBackend, type SignInBackend } from '../server/auth/backend.js';
import { startOnRampSandbox, type OnRampSandbox } from './onramp-sandbox/serve.js';
import { startWeb, type WebServer } from './web.js';
import { lazyMailer } from '../server/auth-frame/mail.js';
import { startLoginService, type LoginService } from './login.js';
import { startFarcasterRelay, type FarcasterRelay } from './farcaster-relay/relay.js';
import { installIdRegistry } from '../server/farcaster-relay/registry.js';
import { startSmartAccounts, type SmartAccounts } from './aa/stack-part.js';
import type { StackOptions, Stack } from './stack-types.js';

export type { StackOptions, StackSolana, StackChain, Stack } from './stack-types.js';

interface Stoppable {
  stop(): Promise<void>;
}

/** Stops in parallel and waits for all, so one failing stop cannot leave the others running. */
async function stopAll(parts: readonly Stoppable[]): Promise<void> {
  const results = await Promise.allSettled(parts.map((part) => part.stop()));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Seeds every chain in parallel; the first failure is rethrown naming its chain, after all have settled. */
async function seedAll(anvils: readonly Anvil[]): Promise<SeededChain[]> {
  const results = await Promise.allSettled(anvils.map((anvil) => seedEvmOnce(anvil)));
  const index = results.findIndex((result) => result.status === 'rejected');
  const failed = results[index];
  if (failed?.status === 'rejected') {
    const chain = anvils[index] as Anvil;
    const reason = failed.reason instanceof Error ? failed.reason.message : String(failed.reason);
    throw new Error(`seeding chain ${chain.chainId} (${chain.rpcUrl}) failed: ${reason}`, { cause: failed.reason });
  }
  return results.map((result) => (result as PromiseFulfilledResult<SeededChain>).value);
}

/**
 * The local stack the demo and the end-to-end tests run against: one anvil per chain id, the WalletConnect
 * relay and the wallet directory (all started in parallel, they are independent), the chains seeded in
 * parallel with contracts and history (server/chain/; once per process: a later stack gets a copy, see
 * seed-once.ts), the wallet data API, and then the web server, whose CSP and page need every other part's
 * URL. If any part fails to start (seeding included), the parts already running are stopped before the
 * error is rethrown, so a failed start never leaks processes or ports.
 */
export async function startStack({
  root = PROJECT_ROOT,
  host = '127.0.0.1',
  webPort = 0,
  evmPorts = [0, 0],
  chainIds = [31337, 31338],
  seed = true,
  apiPort = 0,
  apiDbPath = ':memory:',
  relayPort = 0,
  directoryPort = 0,
  directoryDemoWallets = 0,
  solanaPort = 0,
  authDbPath = ':memory:',
  authSecret,
  authEmailCapture = false,
  onrampPort = 0,
  login: loginOptions = {},
  smartAccounts: smartAccountOptions = false,
  farcasterRelayPort = 0,
}: StackOptions = {}): Promise<Stack> {
  if (new Set(chainIds).size !== chainIds.length) throw new Error(`startStack: chain ids must be distinct, got ${chainIds.join(', ')}`);

  const [startedChains, [startedRelay, startedDirectory, startedSolana]] = await Promise.all([
    Promise.allSettled(chainIds.map((chainId, index) => startAnvil({ chainId, host, port: evmPorts[index] ?? 0 }))),
    Promise.allSettled([startRelay({ host, port: relayPort }), startDirectory({ host, port: directoryPort, demoWallets: directoryDemoWallets }), startSolanaChain({ host, port: solanaPort })] as const),
  ]);
  const anvils = startedChains.filter((r): r is PromiseFulfilledResult<Anvil> => r.status === 'fulfilled').map((r) => r.value);
  const services: Stoppable[] = [startedRelay, startedDirectory, startedSolana].flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  if (anvils.length !== chainIds.length || startedRelay.status === 'rejected' || startedDirectory.status === 'rejected' || startedSolana.status === 'rejected') {
    const failure = [...startedChains, startedRelay, startedDirectory, startedSolana].find((r): r is PromiseRejectedResult => r.status === 'rejected');
    await stopAll([...services, ...anvils]).catch(() => undefined); // the start error is the one worth reporting
    throw failure?.reason;
  }
  const relay: Relay = startedRelay.value;
  const directory: DirectoryServer = startedDirectory.value;
  const solana: SolanaChain = startedSolana.value;
  // Stopped with the chains when a later step fails.
  const early: Stoppable[] = [relay, directory, solana, ...anvils];

  let seeded: SeededChain[] = [];
  let seededSolana: SeededSolana | undefined;
  if (seed) {
    try {
      [seeded, seededSolana] = await Promise.all([
        seedAll(anvils),
        seedSolanaOnce(solana).catch((err: unknown) => {
          throw new Error(`seeding the Solana chain (${solana.rpcUrl}) failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
        }),
      ]);
    } catch (err) {
      await stopAll(early).catch(() => undefined);
      throw err;
    }
  }

  const chains = anvils.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }));
  let smart: SmartAccounts = { chains: [], stop: async () => undefined };
  if (smartAccountOptions) {
    try {
      const only = typeof smartAccountOptions === 'object' ? smartAccountOptions.chainIds : undefined;
      const ports = typeof smartAccountOptions === 'object' ? (smartAccountOptions.bundlerPorts ?? []) : [];
      smart = await startSmartAccounts(only ? chains.filter((c) => only.includes(c.chainId)) : chains, { host, ports });
    } catch (err) {
      await stopAll(early).catch(() => undefined);
      throw err;
    }
    early.push(smart);
  }
  // The on-ramp sandbox prices through the wallet data API (started next), and the API forwards to it.
  let apiUrl = '';
  let onramp: OnRampSandbox;
  try {
    onramp = await startOnRampSandbox({
      host,
      port: onrampPort,
      evm: anvils.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl, seeded: seeded.find((s) => s.chainId === chainId) })),
      solana: { chainId: solana.chainId, rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, seeded: seededSolana },
      priceApiUrl: () => apiUrl,
    });
  } catch (err) {
    await stopAll(early).catch(() => undefined);
    throw err;
  }
  early.push(onramp);
  // The wallet data API indexes and prices the chains; its URL goes into the demo page and its CSP.
  let api: WalletApiServer;
  try {
    api = await startWalletApi({
      host,
      port: apiPort,
      dbPath: apiDbPath,
      chains: anvils.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl, seeded: seeded.find((s) => s.chainId === chainId) })),
      solanaChains: [{ chainId: solana.chainId, rpcUrl: solana.rpcUrl, seeded: seededSolana }],
      priceTable: { [`native:${solana.chainId}`]: SOL_PRICE_USD },
      onrampUrl: onramp.url,
      // Names are registered in the zone the seed gave the deployer (server/chain/ens.ts, `reown.id`).
      names: { registrar: seedAccounts().deployer },
      // Owners' signed revocations of smart sessions are relayed by anvil's #5 (no other part of the stack sends from it).
      sessions: { relayer: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 5 }), factory: smart.chains[0]?.smartAccountFactory },
    });
    apiUrl = api.url;
  } catch (err) {
    await stopAll(early).catch(() => undefined);
    throw err;
  }

  const directoryOrigin = new URL(directory.url).origin;
  // The sign-in backend lives on the page's own origin, as a site owner deploys it; messages must name that
  // origin, known once the web server listens.
  let webUrl = '';
  let auth: SignInBackend;
  try {
    auth = await createSignInBackend({
      site: () => webUrl,
      chains: [...chains.map(({ chainId, rpcUrl }) => ({ chainId: `eip155:${chainId}`, rpcUrl })), { chainId: solana.chainId }],
      database: authDbPath,
      ...(authSecret ? { secret: authSecret } : {}),
      // The login service's mail (its capture starts below) carries the codes.
      ...(authEmailCapture ? { emailCapture: { mailer: lazyMailer(() => loginOptions.smtpUrl ?? login.mail!.smtpUrl, 'Sign-in <no-reply@localhost>') } } : {}),
    });
  } catch (err) {
    await stopAll([api, relay, directory, onramp, smart])
      .finally(() => stopAll([solana, ...anvils]))
      .catch(() => undefined);
    throw err;
  }
  let farcasterRelay: FarcasterRelay;
  try {
    // The SIWF verifier reads custody addresses from the IdRegistry, placed on the first chain (registry.ts).
    const [started] = await Promise.all([startFarcasterRelay({ host, port: farcasterRelayPort }), installIdRegistry(chains[0]!.rpcUrl)]);
    farcasterRelay = started;
  } catch (err) {
    await stopAll([api, relay, directory, onramp, smart, { stop: () => auth.close() }])
      .finally(() => stopAll([solana, ...anvils]))
      .catch(() => undefined);
    throw err;
  }
  // The secure login frame on its own origin; only the demo page (known once it listens) may embed it.
  let login: LoginService;
  try {
    // The frame signs only for these chains, named as the demo names them, through their RPCs; where the stack
    // runs a bundler, the embedded wallet has a smart account there too.
    const smartOn = (chainId: number) => smart.chains.find((aa) => aa.chainId === chainId);
    const networks = {
      evm: chains.map(({ chainId, rpcUrl }, index) => {
        const aa = smartOn(chainId);
        return { chainId, rpcUrl, name: ['Local Chain A', 'Local Chain B'][index] ?? `Local chain ${chainId}`, ...(aa ? { smartAccount: { bundlerUrl: aa.bundlerUrl, factory: aa.smartAccountFactory } } : {}) };
      }),
      solana: [{ chainId: solana.chainId, rpcUrl: solana.rpcUrl, name: 'Solana Local' }],
    };
    login = await startLoginService({ host, allowedOrigins: () => (webUrl ? [new URL(webUrl).origin] : []), networks, farcaster: { relayUrl: farcasterRelay.url, rpcUrl: chains[0]!.rpcUrl }, ...loginOptions });
  } catch (err) {
    await stopAll([api, relay, directory, onramp, smart, farcasterRelay, { stop: () => auth.close() }])
      .finally(() => stopAll([solana, ...anvils]))
      .catch(() => undefined);
    throw err;
  }
  let web: WebServer;
  try {
    web = await startWeb({
      root,
      host,
      port: webPort,
      chains,
      // The relay is a ws: URL, which 'self' never covers; the directory serves both JSON and the wallet icons.
      extraConnectSrc: [new URL(api.url).origin, relay.url, directoryOrigin, solana.rpcUrl, solana.wsUrl],
      extraImgSrc: [directoryOrigin],
      extraFrameSrc: [login.origin],
      placeholders: { AUTH_FRAME_URL: login.url, API_URL: api.url, RELAY_URL: relay.url, DIRECTORY_URL: directory.url, SOLANA_CHAIN_ID: solana.chainId, SOLANA_RPC_URL: solana.rpcUrl, SOLANA_WS_URL: solana.wsUrl },
      auth,
      // The local receiver for analytics-url="/analytics" (opt-in on the page; nothing posts without it).
      analytics: true,
    });
  } catch (err) {
    // The API first, as in stop(): its indexer must not poll chains that are already gone.
    await stopAll([api, relay, directory, onramp, smart, login, farcasterRelay, { stop: () => auth.close() }])
      .finally(() => stopAll([solana, ...anvils]))
      .catch(() => undefined);
    throw err;
  }

  webUrl = web.url;
  const authStop = { stop: () => auth.close() };

  let stopping: Promise<void> | undefined;
  return {
    url: web.url,
    apiUrl: api.url,
    relayUrl: relay.url,
    directoryUrl: directory.url,
    chains,
    seeded,
    solana: { chainId: solana.chainId, rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, seeded: seededSolana },
    authUrl: `${web.url}api/auth`,
    auth,
    onrampUrl: onramp.url,
    login,
    smartAccounts: smart.chains,
    farcasterRelayUrl: farcasterRelay.url,
    // The servers first: the API's indexer must not poll chains that are already gone.
    stop: () => (stopping ??= stopAll([web, api, relay, directory, onramp, login, smart, farcasterRelay]).finally(() => stopAll([authStop, solana, ...anvils]))),
  };
}
