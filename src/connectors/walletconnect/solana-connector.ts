import { base58Decode, base58Encode } from '../../core/base58.js';
import type { Caip2 } from '../../core/caip.js';
import { WidgetError } from '../../core/errors.js';
import { toWidgetError } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import { withSignature } from '../../core/solana-wire.js';
import { type SolanaNow, solanaHostProvider } from '../solana/host-provider.js';
import { fromBase64, sendSignedTransaction, toBase64 } from '../solana/wire.js';
import type { ConnectResult, ConnectorListeners, SolanaConnector, SolanaHostProvider } from '../types.js';
import type { WalletConnectClient } from './client.js';
import type { WalletConnectSession } from './connector.js';
import { sessionAccounts } from './session.js';
import { sessionSide } from './session-side.js';

/** A Solana connection over WalletConnect; `release()` stops listening without ending the session. */
export interface WalletConnectSolanaConnector extends SolanaConnector {
  release(): void;
}

const sessionEnded = () => new WidgetError('NOT_CONNECTED', t('error.notConnected'), { details: 'the WalletConnect session has ended' });
const badAnswer = (method: string, answer: unknown) =>
  new WidgetError('INVALID_RESPONSE', t('error.invalidResponse'), { details: `${method}: ${JSON.stringify(answer)}` });

/** `{ signature: base58 }` of a 64-byte signature, as WalletConnect's Solana methods answer. */
function signatureOf(method: string, answer: unknown): Uint8Array {
  const text = (answer as { signature?: unknown } | null)?.signature;
  const bytes = typeof text === 'string' ? base58Decode(text) : undefined;
  if (bytes?.length !== 64) throw badAnswer(method, answer);
  return bytes;
}

/**
 * The Solana side of a WalletConnect session, as a `SolanaConnector` (so `getProvider('solana')` and Send work
 * as with a Wallet Standard wallet). Requests follow WalletConnect's Solana JSON-RPC reference: base58
 * `message` and `pubkey` for `solana_signMessage`, base64 wire `transaction` for `solana_signTransaction` and
 * `solana_signAndSendTransaction`, base58 signatures back. `now()` is the connection as it is (its network);
 * `onEnd` reports the end of this connection (the visitor's disconnect or the wallet ending the session).
 */
export function createWalletConnectSolanaConnector(
  client: WalletConnectClient,
  init: WalletConnectSession,
  { now, onEnd }: { now: SolanaNow; onEnd(): void },
): WalletConnectSolanaConnector {
  const { topic } = init;
  const session = () => side.session();
  const accounts = () => {
    const current = session();
    return current ? sessionAccounts(current, 'solana') : new Map<Caip2, string[]>();
  };
  /** The network requests go to: the connection's, else the one it started on. */
  const chainId = (): Caip2 => now()?.chainId ?? init.chainId;
  const address = () => now()?.address ?? accounts().get(chainId())?.[0];

  async function request(method: string, params: Record<string, unknown>, on = chainId()): Promise<unknown> {
    const current = session();
    if (!current) throw sessionEnded();
    if (!(current.namespaces.solana?.methods ?? []).includes(method)) {
      throw new WidgetError('REQUEST_FAILED', t('error.unknown'), { details: `the wallet did not approve ${method} for this session` });
    }
    try {
      return await client.request({ topic, chainId: on, request: { method, params } });
    } catch (error) {
      throw toWidgetError(error, 'request');
    }
  }
  const approved = (method: string) => (session()?.namespaces.solana?.methods ?? []).includes(method);

  const subscribers = new Set<ConnectorListeners>();
  const current = (): ConnectResult | undefined => {
    const list = accounts().get(init.chainId) ?? [];
    return list.length > 0 ? { accounts: list, chainId: init.chainId } : undefined;
  };
  const side = sessionSide(client, topic, 'solana', {
    current,
    update: () => {
      const list = accounts().get(chainId()) ?? [];
      subscribers.forEach((listeners) => listeners.accountsChanged(list));
    },
    end: onEnd,
    gone: () => subscribers.forEach((listeners) => listeners.disconnect()),
    ended: sessionEnded,
  });

  let provider: SolanaHostProvider | undefined;
  const connector: WalletConnectSolanaConnector = {
    id: `solana:${init.id}`,
    name: init.name,
    icon: init.icon,
    type: 'walletconnect',
    namespace: 'solana',
    serves: (id) => accounts().has(id),
    ...side.methods,
    subscribe(listeners) {
      subscribers.add(listeners);
      return () => subscribers.delete(listeners);
    },
    async signMessage(message) {
      const method = 'solana_signMessage';
      return signatureOf(method, await request(method, { message: base58Encode(message), pubkey: address() }));
    },
    async signTransaction(transaction, on) {
      const method = 'solana_signTransaction';
      const answer = await request(method, { transaction: toBase64(transaction) }, on);
      const signed = fromBase64((answer as { transaction?: unknown } | null)?.transaction);
      if (signed) return signed;
      // The reference lets a wallet answer with its signature only: it goes in the wallet's slot.
      const key = base58Decode(address() ?? '');
      const placed = key && withSignature(transaction, key, signatureOf(method, answer));
      if (!placed) throw badAnswer(method, answer);
      return placed;
    },
    async signAndSendTransaction(transaction, on, rpcUrl) {
      const method = 'solana_signAndSendTransaction';
      if (approved(method)) return signatureOf(method, await request(method, { transaction: toBase64(transaction) }, on));
      // SPEC: a wallet without signAndSend signs, and the widget sends through the network's RPC.
      const signed = await connector.signTransaction(transaction, on);
      if (!rpcUrl) throw new WidgetError('REQUEST_FAILED', t('error.unknown'), { details: `the wallet does not support ${method} (and no RPC for ${on})` });
      return sendSignedTransaction(rpcUrl, signed);
    },
    get hostProvider() {
      return (provider ??= solanaHostProvider(connector, now));
    },
  };
  return connector;
}
