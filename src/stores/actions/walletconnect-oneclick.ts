import type { AuthTypes } from '@walletconnect/types';
import { type Proposal, proposeWithSignIn, signedMessage } from '../../connectors/walletconnect/authenticate.js';
import type { WalletConnectClient } from '../../connectors/walletconnect/client.js';
import type { Caip2 } from '../../core/caip.js';
import { isWidgetError } from '../../core/errors.js';
import { $config } from '../config.js';
import { reportError } from '../errors.js';

/**
 * One-click sign-in over WalletConnect: with `siwx-url`, a pairing for EVM only asks the wallet to
 * sign the sign-in message within the pairing (`authenticate`), and the signed message goes to the backend
 * before the connection is made, so the sign-in check that follows the connection finds the session (no
 * SIWXSignMessage). Part of the WalletConnect chunk; the sign-in chunk (`siwx.ts`) loads only when it is used.
 */

/** The configured EVM networks, the default first (the wallet signs in on the first it has). */
const evmChains = (): Caip2[] => {
  const { defaultNetwork, networks } = $config.get();
  return [...new Set([defaultNetwork, ...networks].filter((id): id is Caip2 => !!id?.startsWith('eip155:')))];
};

/**
 * The one-click proposal, with a fresh nonce from the backend; undefined when there is no EVM network or the
 * backend does not answer (then the plain proposal is used, and the sign-in check after connecting reports the
 * backend failure, docs/specification.md#errors).
 */
export async function oneClickProposal(client: WalletConnectClient): Promise<Proposal | undefined> {
  const chains = evmChains();
  if (chains.length === 0) return undefined;
  let nonce: string;
  try {
    nonce = await (await import('./siwx.js')).api().getNonce();
  } catch {
    return undefined;
  }
  return proposeWithSignIn(client, chains, nonce);
}

/**
 * Sends the wallet's signed sign-in message for the account the connection will use to the backend. A refusal
 * is reported (`SIWX_VERIFY_FAILED`, "Failed to verify message") and the connection goes on: the sign-in
 * check after it then asks for a signature as without one-click auth.
 */
export async function signInWithCacao(auths: readonly AuthTypes.Cacao[], chainId: Caip2, address: string): Promise<void> {
  const signed = signedMessage(auths, chainId, address);
  if (!signed) return;
  try {
    await (await import('./siwx.js')).api().verify(signed.message, signed.signature);
  } catch (error) {
    if (isWidgetError(error)) reportError(error);
  }
}
