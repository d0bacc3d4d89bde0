/**
 * `npm run fc-approve -- <farcaster URL or channel token> [--fid N] [--reject] [--relay URL]`: approves (or
 * declines) a Sign In With Farcaster request like a Farcaster client, with the custody key of a local fid
 * (1 alice, 2 bob, 3 carol; registered in the local IdRegistry). The relay defaults to FC_RELAY_URL, else
 * http://127.0.0.1:$FC_RELAY_PORT (8565), where `npm start` runs it.
 */
import { parseArgs } from 'node:util';
import { approveChannel } from './approve.js';

const USAGE = 'usage: npm run fc-approve -- "<farcaster://connect?... or channel token>" [--fid N] [--reject] [--relay URL]';

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { fid: { type: 'string' }, reject: { type: 'boolean' }, relay: { type: 'string' } },
  });
  const [request] = positionals;
  if (!request || positionals.length > 1) throw new Error(USAGE);
  const fid = values.fid === undefined ? 1 : Number(values.fid);
  if (!Number.isInteger(fid) || fid < 1) throw new Error(`--fid ${values.fid} is not a fid number\n${USAGE}`);
  const relayUrl = values.relay ?? process.env.FC_RELAY_URL ?? `http://127.0.0.1:${process.env.FC_RELAY_PORT ?? '8565'}`;
  const result = await approveChannel({ relayUrl, request, fid, reject: values.reject ?? false });
  console.log(result.state === 'rejected' ? `Declined channel ${result.channelToken}.` : `Signed in as fid ${result.fid} on channel ${result.channelToken}.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
