/**
 * `tsx server/relay/cli.ts [port] [--public-url wss://relay.example.com]`: the WalletConnect relay on its
 * own (default port 8548, as in `npm start`; 0 picks a free one). `--public-url` is the URL clients are
 * given (behind a TLS proxy, say), which their JWT audience must name; default the listening address.
 * Prints its URL, logs each connection and publish, stops on Ctrl-C.
 */
import { PortInUseError } from '../ports.js';
import { startRelay } from './relay.js';

const DEFAULT_PORT = 8548;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const USAGE = 'usage: tsx server/relay/cli.ts [port] [--public-url wss://…]';
const args = process.argv.slice(2);
const flag = args.indexOf('--public-url');
const publicUrl = flag >= 0 ? args.splice(flag, 2)[1] : undefined;
if (flag >= 0 && !publicUrl) fail(USAGE);
const arg = args[0];
const port = arg === undefined ? DEFAULT_PORT : Number(arg);
if (!Number.isInteger(port) || port < 0 || port > 65535 || args.length > 1) fail(`${USAGE}  (got ${JSON.stringify(args.join(' '))})`);

const time = () => new Date().toISOString().slice(11, 23);
try {
  const relay = await startRelay({ port, ...(publicUrl ? { publicUrl } : {}), log: (line) => console.log(`${time()} ${line}`) });
  console.log(`WalletConnect relay on ${relay.url}, public URL ${relay.publicUrl} (health: http://127.0.0.1:${relay.port}/health). Ctrl-C stops it.`);
  const onSignal = () => {
    void relay.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
} catch (err) {
  if (err instanceof PortInUseError) fail(`Port ${err.port} is already in use: pass another one, e.g. tsx server/relay/cli.ts 0`);
  fail(`Could not start the relay: ${(err as Error).message}`);
}
