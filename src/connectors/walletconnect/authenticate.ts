import type { AuthTypes, ProposalTypes, SessionTypes } from '@walletconnect/types';
import { formatMessage, getDidAddress, getNamespacedDidChainId } from '@walletconnect/utils';
import type { Caip2 } from '../../core/caip.js';
import { ProviderErrorCode } from '../../core/foreign-errors.js';
import { ProviderRpcError } from '../../core/provider-rpc-error.js';
import type { WalletConnectClient } from './client.js';
import { EVM_METHODS } from './session.js';

/** What a pairing's approval gives: the session, and with one-click auth the wallet's signed sign-in messages. */
export interface Approved {
  session: SessionTypes.Struct;
  auths?: AuthTypes.Cacao[] | undefined;
}

/** A pairing URI to show, and the wallet's answer to it. */
export interface Proposal {
  uri: string | undefined;
  approval(): Promise<Approved>;
}

/** A plain session proposal for `namespaces`. */
export async function propose(client: WalletConnectClient, namespaces: ProposalTypes.OptionalNamespaces): Promise<Proposal> {
  const { uri, approval } = await client.connect({ optionalNamespaces: namespaces });
  return { uri, approval: () => approval().then((session) => ({ session })) };
}

/**
 * One-click auth (`wc_sessionAuthenticate`): the pairing asks the wallet to sign in (EIP-4361 for this page, with
 * `nonce`, on `chains`, the preferred first) and to grant the session's EVM methods (a ReCap) in one approval. A
 * wallet without it answers the proposal the SDK sends alongside: a session and no CACAO. The SDK rejects with
 * the bare message of a wallet's refusal: that is the visitor declining (code 4001, "Connection rejected").
 * `engine.authenticate` is `authenticate` without the SDK's deprecation warning on the host's console (the
 * proposal's `authentication` requests that replace it are not yet answered by wallets, WalletKit 1.6 included).
 */
export async function proposeWithSignIn(client: WalletConnectClient, chains: Caip2[], nonce: string): Promise<Proposal> {
  const { uri, response } = await client.engine.authenticate({ chains, domain: location.host, uri: location.origin, nonce, methods: EVM_METHODS });
  return {
    uri,
    approval: () =>
      response().then(
        ({ session, auths }) => {
          if (!session) throw new Error('the wallet signed in but granted no session');
          return { session, auths };
        },
        (error: unknown) => {
          throw typeof error === 'string' ? new ProviderRpcError(ProviderErrorCode.userRejected, error) : error;
        },
      ),
  };
}

/** The sign-in message (the EIP-4361 text the wallet signed) and signature of `address` on `chainId`, if a CACAO has them. */
export function signedMessage(auths: readonly AuthTypes.Cacao[], chainId: Caip2, address: string): { message: string; signature: string } | undefined {
  const cacao = auths.find(({ p }) => getNamespacedDidChainId(p.iss) === chainId && getDidAddress(p.iss)?.toLowerCase() === address.toLowerCase());
  return cacao && { message: formatMessage(cacao.p, cacao.p.iss), signature: cacao.s.s };
}
