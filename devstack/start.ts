/**
 * `npm start`: build the bundle, start the local stack on fixed ports, print where everything is, and stop
 * it all on Ctrl-C. Ports come from the environment so a clash has a one-line fix.
 *
 * Environment: WEB_PORT (5173), EVM_PORT_1 (8545, chain 31337), EVM_PORT_2 (8546, chain 31338),
 * API_PORT (8547, the wallet data API), RELAY_PORT (8548, the WalletConnect relay), DIRECTORY_PORT (8549,
 * the wallet directory), SOLANA_PORT (8899, the local Solana chain's RPC; its WebSocket is on 8900),
 * WALLET_API_DB (the API's index: a SQLite file, default .cache/wallet-api.db, or postgres://…), AUTH_DB (the sign-in backend's SQLite
 * file: nonces, sessions and its secret; default .cache/auth.sqlite), AUTH_SECRET (its Auth.js secret; default
 * one made once and kept in AUTH_DB), AUTH_EMAIL_CAPTURE=1 (the sign-in backend requires an email confirmed by a code),
 * ONRAMP_PORT (8550, the on-ramp sandbox provider's payment pages),
 * AUTH_FRAME_PORT (8551, the email-login service, the widget's auth-url), SMTP_PORT (8552, the local mail
 * capture), INBOX_PORT (8553, its inbox page), BUNDLER_PORT_1 / BUNDLER_PORT_2 (8554 / 8555, the ERC-4337 bundlers of
 * chains 31337 / 31338), SMTP_URL (send through this SMTP server instead of the capture),
 * AUTH_FRAME_DB (users, codes, sessions and sealed wallets; default .cache/auth-frame.sqlite), AUTH_FRAME_MASTER_KEY
 * or AUTH_FRAME_MASTER_KEY_FILE (the 32-byte master key sealing the wallets, hex or base64, or a file holding it,
 * outside the data directory; default a dev key made once in ~/.config/wallet-connect-modal/; NODE_ENV=production
 * requires one and refuses a key file beside the database: server/auth-frame/key-config.ts),
 * OIDC_PORT (8559, the stand-in social providers: one oidc-provider issuer for google, x, discord, github, apple,
 * facebook), SOCIAL_PROVIDERS (JSON name → { issuer | endpoints, clientId, clientSecret, scopes? }: real providers
 * instead of the stand-in), FC_RELAY_PORT (8565, the Farcaster auth relay; `npm run fc-approve` finds it there),
 * AUTH_TRUSTED_PROXIES (how many reverse proxies in front of the email-login service append to X-Forwarded-For;
 * default none: the per-IP limits count the socket's address), SKIP_BUILD=1 to serve the existing dist/ without
 * running rollup.
 */
import { join } from 'node:path';
import { runBuild } from './build.js';
import { PROJECT_ROOT } from '../server/paths.js';
import { DEFAULT_DB_PATH } from '../server/api/app.js';
import { loginKeyConfig } from '../server/auth-frame/key-config.js';
import { parseSocialProviders } from '../server/auth-frame/social.js';
import { PortInUseError } from '../server/ports.js';
import { startStack, type Stack } from './stack.js';

const CHAIN_IDS = [31337, 31338] as const;
/** Made-up wallets after the 32 real ones, so All wallets has pages to scroll, as against the hosted directory. */
const DEMO_WALLETS = 120;
const DEFAULT_RELAY_PORT = 8548;
const PORT_SETTINGS = [
  { env: 'WEB_PORT', fallback: 5173 },
  { env: 'EVM_PORT_1', fallback: 8545 },
  { env: 'EVM_PORT_2', fallback: 8546 },
  { env: 'API_PORT', fallback: 8547 },
  { env: 'RELAY_PORT', fallback: DEFAULT_RELAY_PORT },
  { env: 'DIRECTORY_PORT', fallback: 8549 },
  { env: 'SOLANA_PORT', fallback: 8899 },
  { env: 'ONRAMP_PORT', fallback: 8550 },
  { env: 'AUTH_FRAME_PORT', fallback: 8551 },
  { env: 'SMTP_PORT', fallback: 8552 },
  { env: 'INBOX_PORT', fallback: 8553 },
  { env: 'BUNDLER_PORT_1', fallback: 8554 },
  { env: 'BUNDLER_PORT_2', fallback: 8555 },
  { env: 'OIDC_PORT', fallback: 8559 },
  { env: 'FC_RELAY_PORT', fallback: 8565 },
] as const;

function readPort(env: string, fallback: number): number {
  const raw = process.env[env];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${env}=${raw} is not a port number (1-65535)`);
  }
  return port;
}

/** AUTH_TRUSTED_PROXIES: a count of proxies (1-10). */
function trustedProxies(raw: string): number {
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 10) throw new Error(`AUTH_TRUSTED_PROXIES=${raw} is not a number of proxies (1-10)`);
  return count;
}

/** Sessions survive a restart (the chains do not, but a signed-in account is only an address). */
const authDbPath = (): string => process.env.AUTH_DB || join(PROJECT_ROOT, '.cache', 'auth.sqlite');

function fail(message: string): never {
  console.error(`\n${message}`);
  process.exit(1);
}

function explainPortClash(err: PortInUseError, ports: readonly number[]): string {
  // The Solana chain also binds SOLANA_PORT + 1 (its WebSocket).
  const setting = PORT_SETTINGS.find((s, index) => ports[index] === err.port || (s.env === 'SOLANA_PORT' && (ports[index] ?? 0) + 1 === err.port));
  const override = setting ? `${setting.env}=<port> npm start` : PORT_SETTINGS.map((s) => `${s.env}=<port>`).join(' ') + ' npm start';
  return (
    `Port ${err.port} on ${err.host} is already in use (needed by the ${err.service}).\n` +
    `Stop whatever is using it, or pick another port: ${override}\n` +
    `(ports are set by ${PORT_SETTINGS.map((s) => `${s.env} (default ${s.fallback})`).join(', ')})`
  );
}

/**
 * The command that approves a WalletConnect URI against this stack. The wc-wallet CLI defaults to the
 * default ports, so flags appear only for a port that was moved.
 */
function walletCommand(stack: Stack): string {
  const flags: string[] = [];
  if (stack.relayUrl !== `ws://127.0.0.1:${DEFAULT_RELAY_PORT}`) flags.push(`--relay ${stack.relayUrl}`);
  const evmDefaults = PORT_SETTINGS.filter((s) => s.env.startsWith('EVM_PORT_')).map((s) => s.fallback);
  stack.chains.forEach((chain, index) => {
    if (chain.chainId !== CHAIN_IDS[index] || chain.rpcUrl !== `http://127.0.0.1:${evmDefaults[index]}`) flags.push(`--rpc ${chain.chainId}=${chain.rpcUrl}`);
  });
  return `npm run wc-wallet -- "<wc:uri>"${flags.length ? ` ${flags.join(' ')}` : ''}`;
}

function printBanner(stack: Stack): void {
  const lines = [
    '',
    'wallet-connect-modal local stack is running',
    '',
    `  Demo page      ${stack.url}`,
    `  Wallet API     ${stack.apiUrl}`,
    `  WC relay       ${stack.relayUrl}`,
    `  Directory      ${stack.directoryUrl}`,
    `  Sign-in API    ${stack.authUrl} (Auth.js; sessions in ${authDbPath()})`,
    `  On-ramp        ${stack.onrampUrl} (sandbox provider; test cards 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined)`,
    `  Email login    ${stack.login.url} (the secure frame, auth-url)`,
    ...(stack.login.oidc ? [`  Social login   ${stack.login.oidc.issuer} (stand-in issuer for ${Object.keys(stack.login.oidc.providers).join(', ')}; any login and password)`] : []),
    ...(stack.login.mail ? [`  Mail inbox     ${stack.login.mail.inboxUrl} (login codes land here; SMTP ${stack.login.mail.smtpUrl})`] : []),
    `  Farcaster      ${stack.farcasterRelayUrl} (auth relay; approve with npm run fc-approve -- "<farcaster://connect?...>" [--fid 1|2|3] [--reject])`,
    ...stack.chains.map((chain) => `  Chain ${String(chain.chainId).padEnd(8)} ${chain.rpcUrl}`),
    ...stack.smartAccounts.map((aa) => `  Bundler ${String(aa.chainId).padEnd(6)} ${aa.bundlerUrl} (alto; EntryPoint v0.7 ${aa.entryPoint}, smart account factory ${aa.smartAccountFactory})`),
    `  Solana         ${stack.solana.rpcUrl} (WebSocket ${stack.solana.wsUrl}), chain id ${stack.solana.chainId}`,
    ...stack.seeded.map(
      (seeded) =>
        `  Seeded ${String(seeded.chainId).padEnd(7)} tokens ${seeded.tokens.map((t) => t.symbol).join(', ')}; ` +
        `NFTs ${seeded.nfts.map((n) => n.symbol).join(', ')}; ENS ${seeded.ens.names.map((n) => n.name).join(', ')}`,
    ),
    ...(stack.solana.seeded
      ? [`  Seeded Solana  SPL ${stack.solana.seeded.tokens.map((t) => `${t.symbol} ${t.mint}`).join(', ')}; dev account ${stack.solana.seeded.accounts[0]}`]
      : []),
    '',
    '  Accounts: anvil defaults (mnemonic "test test test test test test test test test test test junk"); #0 is dev.eth',
    "  Solana accounts: the same mnemonic at m/44'/501'/i'/0' (Phantom's path), 100 SOL each for #0..#3",
    '',
    '  WalletConnect: in the demo choose WalletConnect, "Copy link", then approve it with a local wallet (account #0):',
    `    ${walletCommand(stack)}`,
    '',
    'Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  let ports: number[];
  try {
    ports = PORT_SETTINGS.map(({ env, fallback }) => readPort(env, fallback));
  } catch (err) {
    fail((err as Error).message);
  }
  const [webPort, evmPort1, evmPort2, apiPort, relayPort, directoryPort, solanaPort, onrampPort, loginPort, smtpPort, inboxPort, bundlerPort1, bundlerPort2, oidcPort, farcasterRelayPort] = ports as [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number];
  const evmPorts = [evmPort1, evmPort2];

  const abortBuild = new AbortController();
  // Shared with the signal handler, which may fire during any step below.
  const run: { stack?: Stack; stopping: boolean } = { stopping: false };
  const stopAndExit = async (running: Stack): Promise<never> => {
    try {
      await running.stop();
    } catch (err) {
      fail(`Error while stopping: ${(err as Error).message}`);
    }
    process.exit(0);
  };
  // `once`: a second Ctrl-C gets Node's default behaviour and ends the process at once.
  const onSignal = (): void => {
    if (run.stopping) return;
    run.stopping = true;
    abortBuild.abort();
    // While building or starting, main() notices `stopping` when that step ends and cleans up there.
    if (run.stack) void stopAndExit(run.stack);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  // SKIP_BUILD=1 serves whatever dist/ holds: for quick restarts when only server code or the demo changed.
  if (process.env.SKIP_BUILD === '1') {
    console.log('SKIP_BUILD=1: serving the existing dist/ without building.');
  } else {
    console.log('Building the bundle (rollup -c)...');
    try {
      await runBuild(PROJECT_ROOT, abortBuild.signal);
    } catch (err) {
      if (run.stopping) process.exit(0);
      fail((err as Error).message);
    }
    if (run.stopping) process.exit(0);
  }

  let started: Stack;
  try {
    // The API's index survives a restart in this file (WALLET_API_DB); a fresh chain resets it.
    const apiDbPath = process.env.WALLET_API_DB ?? DEFAULT_DB_PATH;
    const authSecret = process.env.AUTH_SECRET || undefined;
    const login = {
      port: loginPort,
      smtpPort,
      inboxPort,
      ...loginKeyConfig(process.env, PROJECT_ROOT),
      ...(process.env.SMTP_URL ? { smtpUrl: process.env.SMTP_URL } : {}),
      oidcPort,
      ...(process.env.SOCIAL_PROVIDERS ? { socialProviders: parseSocialProviders(process.env.SOCIAL_PROVIDERS) } : {}),
      ...(process.env.AUTH_TRUSTED_PROXIES ? { trustedProxies: trustedProxies(process.env.AUTH_TRUSTED_PROXIES) } : {}),
    };
    const authEmailCapture = process.env.AUTH_EMAIL_CAPTURE === '1';
    started = await startStack({ webPort, evmPorts, apiPort, relayPort, directoryPort, directoryDemoWallets: DEMO_WALLETS, solanaPort, apiDbPath, authDbPath: authDbPath(), authSecret, authEmailCapture, onrampPort, login, farcasterRelayPort, chainIds: [...CHAIN_IDS], smartAccounts: { bundlerPorts: [bundlerPort1, bundlerPort2] } });
  } catch (err) {
    if (err instanceof PortInUseError) fail(explainPortClash(err, ports));
    fail(`Could not start the local stack: ${(err as Error).message}`);
  }
  if (run.stopping) await stopAndExit(started);
  run.stack = started;
  printBanner(started);
}

await main();
