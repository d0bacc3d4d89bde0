/**
 * What a Farcaster client does with a Sign In With Farcaster request: read the channel (nonce, siweUri,
 * domain from its URL), build the SIWF message for a fid, sign it with the fid's custody key and post it to
 * the relay. The local stand-in for the Farcaster app, used by `npm run fc-approve` and the tests.
 */
import { createWalletClient } from '@farcaster/auth-client';
import { createPublicClient, http } from 'viem';
import { LOCAL_FIDS, type LocalFid } from '../../server/farcaster-relay/registry.js';

export interface ApproveOptions {
  relayUrl: string;
  /** The farcaster://connect?... URL (QR code / link) or the bare channel token. */
  request: string;
  /** Which local fid signs (default 1). */
  fid?: number;
  /** Decline instead (the relay's local /v1/channel/reject). */
  reject?: boolean;
  /** Sign with this fid's key but claim `fid` (tests: a signer that is not the custody address). */
  signAs?: LocalFid;
}

export function channelTokenOf(request: string): string {
  const trimmed = request.trim();
  if (!trimmed.includes('?')) return trimmed;
  const token = new URL(trimmed).searchParams.get('channelToken');
  if (!token) throw new Error('the URL has no channelToken');
  return token;
}

function localFid(fid: number): LocalFid {
  const found = LOCAL_FIDS.find((entry) => entry.fid === fid);
  if (!found) throw new Error(`no local fid ${fid} (the local registry has ${LOCAL_FIDS.map((f) => `${f.fid} ${f.username}`).join(', ')})`);
  return found;
}

export async function approveChannel({ relayUrl, request, fid = 1, reject = false, signAs }: ApproveOptions): Promise<{ channelToken: string; state: string; fid: number }> {
  const channelToken = channelTokenOf(request);
  const relay = relayUrl.replace(/\/$/, '');
  const statusResponse = await fetch(`${relay}/v1/channel/status`, { headers: { Authorization: `Bearer ${channelToken}` } });
  if (statusResponse.status === 401) throw new Error('the relay does not know this channel (wrong token, or it expired)');
  const status = (await statusResponse.json()) as { state: string; url: string; nonce: string };
  if (status.state !== 'pending') throw new Error(`the channel is already ${status.state}`);
  if (reject) {
    const response = await fetch(`${relay}/v1/channel/reject`, { method: 'POST', headers: { Authorization: `Bearer ${channelToken}` } });
    if (!response.ok) throw new Error(`the relay refused the rejection: HTTP ${response.status}`);
    return { channelToken, state: 'rejected', fid };
  }
  const params = new URL(status.url).searchParams;
  const user = localFid(fid);
  const signer = signAs ?? user;
  const wallet = createWalletClient({
    relay,
    ethereum: { publicClient: createPublicClient({ transport: http('http://127.0.0.1:1') }) as never, getFid: () => Promise.resolve(BigInt(fid)), isValidAuthAddress: () => Promise.resolve(false) },
  });
  const built = wallet.buildSignInMessage({
    address: signer.custody.address,
    fid,
    uri: params.get('siweUri') ?? '',
    domain: params.get('domain') ?? '',
    nonce: params.get('nonce') ?? status.nonce,
    ...(params.get('notBefore') ? { notBefore: new Date(params.get('notBefore')!) } : {}),
    ...(params.get('expirationTime') ? { expirationTime: new Date(params.get('expirationTime')!) } : {}),
    ...(params.get('requestId') ? { requestId: params.get('requestId')! } : {}),
  });
  if (built.isError || !built.message) throw new Error(`could not build the SIWF message: ${built.error?.message ?? 'no message'}`);
  const signature = await signer.custody.signMessage({ message: built.message });
  const result = await wallet.authenticate({
    channelToken,
    authKey: 'local',
    message: built.message,
    signature,
    fid,
    username: user.username,
    bio: '',
    displayName: user.displayName,
    pfpUrl: '',
  });
  if (result.isError) throw new Error(`the relay refused the signed message: ${result.error?.message ?? 'unknown error'}`);
  return { channelToken, state: 'completed', fid };
}
