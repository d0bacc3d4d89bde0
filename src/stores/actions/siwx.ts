import '../../core/messages-siwx.js';
import { SIWX_REFETCH_MS } from '../../core/constants.js';
import { WidgetError, isWidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { createSiwxMessage } from '../../core/siwx-message.js';
import { type SiwxSession, connectionChange, endsSession, sessionMatches } from '../../core/siwx-rules.js';
import { isEvmConnector } from '../../connectors/types.js';
import { type SiwxApi, createSiwxApi } from '../../services/siwx-api.js';
import { $config } from '../config.js';
import { $connections, type Connected } from '../connection.js';
import { reportError } from '../errors.js';
import { setModalOpen } from '../modal.js';
import { resetRoute } from '../route.js';
import { $siwxSession } from '../siwx-session.js';
import { showToast } from '../toasts.js';
import { findWallet } from '../wallets.js';
import { disconnect } from './disconnect.js';

/**
 * Sign in with the wallet (SPEC.md §5 "Sign-in with wallet", §7 "Sign-in flow"), EVM: a lazily loaded chunk,
 * loaded once `siwx-url` is set and an EVM connection exists. The backend is an Auth.js one (`siwx-api.ts`).
 */
let cached: { url: string; api: SiwxApi } | undefined;

export function api(): SiwxApi {
  const url = $config.get().siwxUrl;
  if (!url) throw new WidgetError('SIWX_NOT_ENABLED', t('siwx.notEnabled'));
  if (cached?.url !== url) cached = { url, api: createSiwxApi(url) };
  return cached.api;
}

const evmConnection = (): Connected => {
  const connection = $connections.get().eip155;
  if (!connection) throw new WidgetError('NOT_CONNECTED', t('error.notConnected'));
  return connection;
};

const toHex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** The EIP-4361 message for this account and chain, with a fresh nonce from the backend. */
async function message(connection: Connected, nonce: string): Promise<string> {
  return createSiwxMessage({
    domain: location.host,
    accountAddress: connection.address,
    chainId: connection.chainId,
    uri: location.origin,
    version: '1',
    nonce,
    issuedAt: new Date().toISOString(),
  });
}

/**
 * Asks the connected EVM wallet for one signature of the sign-in message and sends it to the backend. Resolves
 * with the session. Rejects `SIWX_NOT_ENABLED` without `siwx-url`; `SIWX_SIGN_FAILED` ("Error signing message",
 * also a toast) when the wallet refuses or fails; `SIWX_VERIFY_FAILED` ("Failed to verify message", also a
 * `wallet-error`) when the backend refuses the signature.
 */
export async function signIn(): Promise<SiwxSession> {
  const backend = api();
  const connection = evmConnection();
  const connector = findWallet(connection.walletId);
  if (!connector || !isEvmConnector(connector)) throw new WidgetError('NOT_CONNECTED', t('error.notConnected'));
  const text = await message(connection, await backend.getNonce());
  let signature: string;
  try {
    signature = (await connector.getProvider().request({ method: 'personal_sign', params: [toHex(text), connection.address] })) as string;
  } catch (cause) {
    showToast('error', t('siwx.signFailed'));
    throw new WidgetError('SIWX_SIGN_FAILED', t('siwx.signFailed'), { details: (cause as Error)?.message, cause });
  }
  try {
    const session = await backend.verify(text, signature);
    $siwxSession.set(session);
    return session;
  } catch (error) {
    if (isWidgetError(error)) reportError(error);
    throw error;
  }
}

/** Ends the session at the backend (when one is held) and here; `wallet-session { status: 'unauthenticated' }`. */
export async function signOut(): Promise<void> {
  const held = $siwxSession.get();
  $siwxSession.set(undefined);
  if (held) await api().signOut();
}

/** The backend's session for the connected EVM account and chain, or undefined (kept in `$siwxSession`). */
export async function getSession(): Promise<SiwxSession | undefined> {
  const session = await api().getSession();
  const connection = $connections.get().eip155;
  const mine = session && connection && sessionMatches(session, connection) ? session : undefined;
  const held = $siwxSession.get();
  // The same session again is no change (no second `wallet-session`).
  if (!(mine && held && JSON.stringify(mine) === JSON.stringify(held))) $siwxSession.set(mine);
  return $siwxSession.get();
}

/**
 * After a connection (or a restored one): a valid session for this account and chain is taken as it is (no new
 * signature); else `false`, and the caller asks the visitor to sign. The backend failing to answer is the
 * init failure of SPEC.md §8: the toast, the wallet disconnected, back on Connect.
 */
export async function checkSession(): Promise<boolean> {
  try {
    return (await getSession()) !== undefined;
  } catch (cause) {
    showToast('error', t('siwx.initFailed'));
    reportError(new WidgetError('SIWX_INIT_FAILED', t('siwx.initFailed'), { details: (cause as Error)?.message, cause }));
    await disconnect('eip155');
    return false;
  }
}

/**
 * Follows the EVM connection: a change the host did not keep (`siwx-keep-session`) ends the session; a new
 * connection checks the backend for its session. Every 5 minutes while the page is visible (SPEC.md §9) the
 * session is fetched again: one expired or revoked at the backend becomes unauthenticated, and with
 * `siwx-required` the visitor is asked to sign again. Returns the stop.
 */
export function watchSiwx(onSessionless: () => void = () => {}): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const refetch = () => {
    timer = setTimeout(() => {
      refetch();
      if (document.visibilityState !== 'visible' || !$connections.get().eip155) return;
      const had = $siwxSession.get();
      void getSession().then((session) => { if (had && !session && $config.get().siwxRequired) onSessionless(); }, () => {});
    }, SIWX_REFETCH_MS);
  };
  refetch();
  const stop = watchConnection(onSessionless);
  return () => {
    clearTimeout(timer);
    stop();
  };
}

function watchConnection(onSessionless: () => void): () => void {
  let previous = $connections.get().eip155;
  const check = () => void checkSession().then((ok) => { if (!ok && $connections.get().eip155) onSessionless(); });
  if (previous) check();
  return $connections.listen(({ eip155: next }) => {
    const was = previous;
    previous = next;
    const change = connectionChange(was, next);
    const session = $siwxSession.get();
    if (!was && next) check();
    else if (session && endsSession(change, $config.get().siwxKeepSession)) {
      // Another account or chain without a session of its own is asked to sign again.
      void signOut().catch(() => {}).then(() => { if (next) check(); });
    } else if (!session && change && next) check();
  });
}

/** Opens the modal on SIWXSignMessage (a connection without a session, SPEC.md §5). */
export function openSignIn(): void {
  resetRoute({ view: 'SIWXSignMessage' });
  setModalOpen(true);
}

/**
 * SIWXSignMessage's "Sign": on success the modal closes; on failure it stays (or opens again) on
 * SIWXSignMessage, the toast shown by `signIn`.
 */
export async function signInFromModal(): Promise<void> {
  try {
    await signIn();
    setModalOpen(false);
  } catch {
    if ($connections.get().eip155) openSignIn();
  }
}

/** SIWXSignMessage's "Cancel": with `siwx-required` and no session the wallet is disconnected; else the modal closes. */
export async function cancelSignIn(): Promise<void> {
  if ($config.get().siwxRequired && !$siwxSession.get()) await disconnect('eip155');
  setModalOpen(false);
}

let stopWatching: (() => void) | undefined;

/** Starts following the EVM connection once (the element calls it when `siwx-url` is set and a wallet is connected). */
export function startSiwx(): void {
  stopWatching ??= watchSiwx(openSignIn);
}
