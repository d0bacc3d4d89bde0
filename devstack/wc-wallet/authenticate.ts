// One-click auth (`wc_sessionAuthenticate`): the wallet peer answers a dapp's `authenticate()` request with one
// signed CACAO, which also settles the session (the ReCap's methods and chains), so the pairing alone signs in.
import type { WalletKit, WalletKitTypes } from '@reown/walletkit';
import { buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils';
import type { LocalAccount } from 'viem';
import { SUPPORTED_METHODS } from './namespaces.js';
import type { AuthOutcome, WalletPeerAuth } from './types.js';
import { errorText } from './util.js';

/**
 * Answers one `session_authenticate` request as WalletKit's guide does: the payload narrowed to the chains and
 * methods the peer has (`populateAuthPayload`), the SIWE text the SDK formats for it (`formatAuthMessage`), an
 * EIP-191 signature of that text, and `approveSessionAuthenticate` with the CACAO. `reject` answers with
 * USER_REJECTED. The CACAO is for the first chain both sides have (the dapp lists its preferred chain first).
 */
export async function answerAuthenticate(
  deps: { walletKit: InstanceType<typeof WalletKit>; account: LocalAccount; ownChains: string[] },
  request: WalletKitTypes.SessionAuthenticate,
  answer: Exclude<WalletPeerAuth, 'unsupported'>,
): Promise<AuthOutcome> {
  const { walletKit, account, ownChains } = deps;
  const { id } = request;
  const name = request.params.requester.metadata.name;
  const reject = async (outcome: 'rejected' | 'failed', reason: string): Promise<AuthOutcome> => {
    await walletKit.rejectSessionAuthenticate({ id, reason: outcome === 'rejected' ? getSdkError('USER_REJECTED') : { code: 5100, message: reason } });
    return { id, name, outcome, chains: [], reason };
  };
  if (answer === 'reject') return reject('rejected', 'declined by the wallet peer');
  let payload;
  try {
    payload = populateAuthPayload({ authPayload: request.params.authPayload, chains: ownChains, methods: SUPPORTED_METHODS });
  } catch (err) {
    return reject('failed', errorText(err));
  }
  const chain = payload.chains[0];
  if (!chain) return reject('failed', 'no chain in common');
  const iss = `did:pkh:${chain}:${account.address}`;
  const message = walletKit.formatAuthMessage({ request: payload, iss });
  const signature = await account.signMessage({ message });
  const auth = buildAuthObject(payload, { t: 'eip191', s: signature }, iss);
  const { session } = await walletKit.approveSessionAuthenticate({ id, auths: [auth] });
  return { id, name, outcome: 'approved', chains: payload.chains, message, signature, ...(session ? { topic: session.topic } : {}) };
}
