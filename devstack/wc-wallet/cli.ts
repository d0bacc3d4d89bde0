/**
 * `npm run wc-wallet -- "<wc:uri>" [--relay ws://127.0.0.1:8548] [--rpc 31337=http://127.0.0.1:8545 ...]
 *   [--solana http://127.0.0.1:8899 | --solana solana:<ref>=<url> ...] [--reject-solana] [--no-auth] [--reject]`
 *
 * A local WalletConnect wallet for trying the demo by hand: pairs with the URI (the demo's "Copy link"),
 * approves the session as anvil's account #0 and Solana dev account #0 (or rejects everything with
 * --reject; --reject-solana approves EVM only; --no-auth does not support one-click auth, so a dapp's sign-in
 * request falls back to its plain proposal), then answers every request, one line per event, until Ctrl-C,
 * which disconnects the session first. Defaults are the `npm start` ports: relay 8548, chains 31337 on 8545 and
 * 31338 on 8546, the local Solana chain on 8899.
 */
import { parseArgs } from 'node:util';
import { startWalletPeer } from './peer.js';
import { LOCAL_SOLANA_CHAIN_ID } from '../../server/solana/constants.js';
import type { WalletPeer, WalletPeerChain, WalletPeerSolanaChain } from './types.js';

const USAGE = `usage: npm run wc-wallet -- "<wc:uri>" [--relay ws://127.0.0.1:8548] [--rpc 31337=http://127.0.0.1:8545 --rpc 31338=http://127.0.0.1:8546] [--solana http://127.0.0.1:8899 | --solana solana:<ref>=<url>] [--reject-solana] [--no-auth] [--reject]`;
const DEFAULT_SOLANA = ['http://127.0.0.1:8899'];
const DEFAULT_RELAY = 'ws://127.0.0.1:8548';
const DEFAULT_RPCS = ['31337=http://127.0.0.1:8545', '31338=http://127.0.0.1:8546'];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseRpc(spec: string): WalletPeerChain {
  const match = /^(\d+)=(https?:\/\/.+)$/.exec(spec);
  const chainId = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(chainId) || chainId <= 0) fail(`--rpc ${spec}: expected <chainId>=<http URL>\n${USAGE}`);
  return { chainId, rpcUrl: match[2] as string };
}

/** `<url>` is the local chain; `solana:<ref>=<url>` any other. */
function parseSolana(spec: string): WalletPeerSolanaChain {
  const match = /^(?:(solana:[1-9A-HJ-NP-Za-km-z]{1,32})=)?(https?:\/\/.+)$/.exec(spec);
  if (!match) fail(`--solana ${spec}: expected <http URL> or solana:<ref>=<http URL>\n${USAGE}`);
  return { chainId: (match[1] ?? LOCAL_SOLANA_CHAIN_ID) as `solana:${string}`, rpcUrl: match[2] as string };
}

const OPTIONS = {
  relay: { type: 'string' },
  rpc: { type: 'string', multiple: true },
  solana: { type: 'string', multiple: true },
  'reject-solana': { type: 'boolean' },
  'no-auth': { type: 'boolean' },
  reject: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function readArgs() {
  try {
    return parseArgs({ options: OPTIONS, allowPositionals: true });
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
}

const { values, positionals } = readArgs();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const uri = positionals[0];
if (!uri || positionals.length > 1 || !/^wc:[0-9a-f]{64}@2\?/.test(uri)) fail(`${uri ? `not a WalletConnect v2 URI: ${uri}` : 'a wc: URI is required'}\n${USAGE}`);
const relayUrl = values.relay ?? DEFAULT_RELAY;
if (!/^wss?:\/\//.test(relayUrl)) fail(`--relay ${relayUrl}: expected a ws:// or wss:// URL\n${USAGE}`);
const chains = (values.rpc ?? DEFAULT_RPCS).map(parseRpc);
const solanaChains = (values.solana ?? DEFAULT_SOLANA).map(parseSolana);

const time = () => new Date().toTimeString().slice(0, 8);
const print = (line: string) => console.log(`${time()} ${line}`);

let peer: WalletPeer;
try {
  peer = await startWalletPeer({
    relayUrl,
    chains,
    solana: { chains: solanaChains, reject: values['reject-solana'] ?? false },
    mode: values.reject ? 'reject' : 'approve',
    auth: values['no-auth'] ? 'unsupported' : 'approve',
    log: print,
  });
} catch (err) {
  fail(`Could not start the wallet: ${(err as Error).message}`);
}
print(`wallet ${peer.address} on ${chains.map((c) => `${c.chainId} (${c.rpcUrl})`).join(', ')}, relay ${relayUrl}${values.reject ? ', rejecting everything' : ''}`);
print(
  values['reject-solana']
    ? 'solana: refused (EVM only)'
    : `solana ${peer.solanaAddress} on ${solanaChains.map((c) => `${c.chainId} (${c.rpcUrl})`).join(', ')}`,
);

let stopping = false;
const shutdown = async (code: number) => {
  if (stopping) return;
  stopping = true;
  try {
    if (peer.sessions().length > 0) {
      print('disconnecting…');
      await peer.disconnect();
    }
  } catch (err) {
    print(`disconnect failed: ${(err as Error).message}`);
  }
  await peer.stop();
  process.exit(code);
};
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

peer.on('session_delete', () => print('the dapp ended the session; still listening (Ctrl-C to quit)'));
try {
  await peer.pair(uri);
} catch (err) {
  print(`pairing failed: ${(err as Error).message} (is the relay at ${relayUrl} running, and the URI fresh? They expire after 5 minutes)`);
  await shutdown(1);
}
print('waiting for the proposal and requests; Ctrl-C disconnects and quits');
