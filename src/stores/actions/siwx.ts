import '../../core/messages-siwx.js';
import { SIWX_REFETCH_MS } from '../../core/constants.js';
import { WidgetError, isWidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { createSiwxMessage } from '../../core/siwx-message.js';
import { type SiwxSession, connectionChange, endsSession, sessionMatches } from '../../core/siwx-rules.js';
import { type Namespace, parseCaip2 } from '../../core/caip.js';
import { type SiwxApi, createSiwxApi } from '../../services/siwx-api.js';
import { $config } from '../config.js';
import { $connected, $connections, type Connected } from '../connection.js';
import { reportError } from '../errors.js';
import { $modal, setModalOpen } from '../modal.js';
import { $route, resetRoute } from '../route.js';
import { $siwxSession } from '../siwx-session.js';
import { showToast } from '../toasts.js';
import { findWallet } from '../wallets.js';
import { captureFields, captureResources, emailCapture, needsCapture } from './data-capture.js';
import { disconnect } from './disconnect.js';
import { signSiwxMessage } from './siwx-signature.js';

/**
 * Sign in with the wallet (docs/specification.md#validation "Sign-in with wallet", §7 "Sign-in flow"), EVM and Solana: a lazily loaded
 * chunk, loaded once `siwx-url` is set and a connection exists. The backend is an Auth.js one (`siwx-api.ts`).
 * The ACTIVE connection signs in (EIP-4361 on `eip155:`, CAIP-122 "Sign in with Solana" on `solana:`); the
 * session belongs to the namespace of its chain, and only that namespace's changes end it (`watchConnection`).
 */
let cached: { url: string; api: SiwxApi } | undefined;

export function api(): SiwxApi {
  const url = $config.get().siwxUrl;
  if (!url) throw new WidgetError('SIWX_NOT_ENABLED', t('siwx.notEnabled'));
  if (cached?.url !== url) cached = { url, api: createSiwxApi(url) };
  return cached.api;
}

const activeConnection = (): Connected => {
  const connection = $connected.get();
  if (!connection) throw new WidgetError('NOT_CONNECTED', t('error.notConnected'));
  return connection;
};

/** The namespace a session was signed on. */
const namespaceOf = (session: SiwxSession): Namespace => parseCaip2(session.chainId)!.namespace as Namespace;

/**
 * The init failure of docs/specification.md#errors (the backend cannot start the flow: `GET session` or the nonce failed): the toast,
 * `wallet-error` `SIWX_INIT_FAILED`, the wallet of `namespace` disconnected and the modal back on Connect.
 */
async function initFailed(cause: unknown, namespace: Namespace): Promise<WidgetError> {
  const error = new WidgetError('SIWX_INIT_FAILED', t('siwx.initFailed'), { details: (cause as Error)?.message, cause });
  showToast('error', t('siwx.initFailed'));
  reportError(error);
  await disconnect(namespace);
  // Back on Connect where the visitor sees it (the modal may have closed with the connection, or never opened).
  resetRoute({ view: 'Connect' });
  setModalOpen(true);
  return error;
}

/** The sign-in message for this account and chain (EIP-4361 or CAIP-122 by its namespace), with the backend's nonce. */
async function message(connection: Connected, nonce: string): Promise<string> {
  const resources = captureResources();
  return createSiwxMessage({
    ...(resources ? { resources } : {}),
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
 * Asks the active connection's wallet for one signature of the sign-in message and sends it to the backend.
 * Resolves with the session. Rejects `SIWX_NOT_ENABLED` without `siwx-url`; `SIWX_INIT_FAILED` when the nonce
 * cannot be had (see `initFailed`); `SIWX_SIGN_FAILED` ("Error signing message", also a toast) when the wallet
 * refuses or fails; `SIWX_VERIFY_FAILED` ("Failed to verify message", also a `wallet-error`) when the backend
 * refuses the signature.
 */
export async function signIn(): Promise<SiwxSession> {
  const backend = api();
  const connection = activeConnection();
  const connector = findWallet(connection.walletId);
  if (!connector) throw new WidgetError('NOT_CONNECTED', t('error.notConnected'));
  let nonce: string;
  try {
    nonce = await backend.getNonce();
  } catch (cause) {
    throw await initFailed(cause, connection.namespace);
  }
  const text = await message(connection, nonce);
  let signature: string;
  try {
    signature = await signSiwxMessage(connector, connection, text);
  } catch (cause) {
    showToast('error', t('siwx.signFailed'));
    throw new WidgetError('SIWX_SIGN_FAILED', t('siwx.signFailed'), { details: (cause as Error)?.message, cause });
  }
  try {
    const session = await backend.verify(text, signature, captureFields());
    emailCapture().spend();
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
  if (!held) return;
  // `wallet-session` unauthenticated once the backend answered, so a host reading `GET session` then sees it ended;
  // a backend that failed to answer still leaves no session here (the error goes to the caller).
  try {
    await api().signOut();
  } finally {
    if ($siwxSession.get() === held) $siwxSession.set(undefined);
  }
}

/** The backend's session for the active connection's account and chain, or undefined (kept in `$siwxSession`). */
export async function getSession(): Promise<SiwxSession | undefined> {
  const connection = $connected.get();
  const session = await api().getSession(connection?.chainId);
  const mine = session && connection && sessionMatches(session, connection) ? session : undefined;
  const held = $siwxSession.get();
  // The same session again is no change (no second `wallet-session`).
  if (!(mine && held && JSON.stringify(mine) === JSON.stringify(held))) $siwxSession.set(mine);
  return $siwxSession.get();
}

/**
 * After a connection (or a restored one): a valid session for this account and chain is taken as it is (no new
 * signature); else `false`, and the caller asks the visitor to sign. The backend failing to answer is the
 * init failure of docs/specification.md#errors: the toast, the wallet disconnected, back on Connect.
 */
export async function checkSession(): Promise<boolean> {
  // Sign-in turned off meanwhile (`siwx-url` removed): nothing to check, nobody to disconnect.
  if (!$config.get().siwxUrl) return true;
  const namespace = $connected.get()?.namespace;
  try {
    return (await getSession()) !== undefined;
  } catch (cause) {
    if (namespace) await initFailed(cause, namespace);
    return false;
  }
}

/**
 * Follows the connections: a change the host did not keep (`siwx-keep-session`) ends the session; a new
 * connection checks the backend for its session. Every 5 minutes while the page is visible (docs/specification.md#constants) the
 * session is fetched again: one expired or revoked at the backend becomes unauthenticated, and with
 * `siwx-required` the visitor is asked to sign again. Returns the stop.
 */
export function watchSiwx(onSessionless: () => void = () => {}): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const refetch = () => {
    timer = setTimeout(() => {
      refetch();
      if (document.visibilityState !== 'visible' || !$connected.get()) return;
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

const sameAccount = (a: Connected | undefined, b: Connected | undefined): boolean => a === b || (!!a && !!b && a.namespace === b.namespace && !connectionChange(a, b));

/**
 * The session's own namespace decides whether it ends (the sign-out rules apply to that namespace's connection
 * only); the active connection moving to another account, chain or namespace checks the backend for its session.
 */
function watchConnection(onSessionless: () => void): () => void {
  let previous = { connections: $connections.get(), active: $connected.get() };
  const check = () => {
    const checked = $connected.get();
    void checkSession().then((ok) => {
      // The active connection moved meanwhile (a reload restoring both namespaces): its own check answers.
      if (!sameAccount($connected.get(), checked)) return;
      if (!ok && checked) onSessionless();
      // SIWXSignMessage, asked for a connection active before this one, is not for one that has its session.
      else if (ok && $modal.get().open && $route.get().view === 'SIWXSignMessage') setModalOpen(false);
    });
  };
  if (previous.active) check();
  return $connections.listen((connections) => {
    const was = previous;
    const active = $connected.get();
    previous = { connections, active };
    const session = $siwxSession.get();
    const own = session && namespaceOf(session);
    const change = own && connectionChange(was.connections[own], connections[own]);
    if (change && endsSession(change, $config.get().siwxKeepSession)) {
      // Another account or chain without a session of its own is asked to sign again.
      void signOut().catch(() => {}).then(() => { if ($connected.get()) check(); });
    } else if (!change && active && (!was.active || connectionChange(was.active, active))) check();
  });
}

/** Opens the modal on SIWXSignMessage (a connection without a session, docs/specification.md#validation). */
export function openSignIn(): void {
  // DataCapture first when the backend requires a confirmed email (one GET, then kept).
  void needsCapture().then((capture) => {
    resetRoute({ view: capture ? 'DataCapture' : 'SIWXSignMessage' });
    setModalOpen(true);
  });
}

/**
 * SIWXSignMessage's "Sign": on success the modal closes; on failure it stays (or opens again) on
 * SIWXSignMessage, the toast shown by `signIn`.
 */
export async function signInFromModal(): Promise<void> {
  try {
    await signIn();
    setModalOpen(false);
  } catch (error) {
    // After an init failure the wallet is disconnected and the modal is back on Connect. A backend asking for
    // the email again ("OTP is required") goes back to DataCapture.
    if (isWidgetError(error) && /email_(required|mismatch)/.test(error.details ?? '')) resetRoute({ view: 'DataCapture', again: true });
    else if ($connected.get() && !(isWidgetError(error) && error.code === 'SIWX_INIT_FAILED')) openSignIn();
  }
}

/** SIWXSignMessage's "Cancel": with `siwx-required` and no session the wallet is disconnected; else the modal closes. */
export async function cancelSignIn(): Promise<void> {
  const namespace = $connected.get()?.namespace;
  if ($config.get().siwxRequired && !$siwxSession.get() && namespace) await disconnect(namespace);
  setModalOpen(false);
}

let watching: { url: string; stop: () => void } | undefined;

/**
 * Starts following the connections for the current `siwx-url` (the element calls it when `siwx-url` is set and a
 * wallet is connected); a changed `siwx-url` starts it again for the new backend.
 */
export function startSiwx(onSessionless: () => void = openSignIn): void {
  const url = $config.get().siwxUrl;
  if (!url || watching?.url === url) return;
  stopSiwx();
  watching = { url, stop: watchSiwx(onSessionless) };
}

/**
 * Ends the sign-in machinery (`siwx-url` removed, or changed before `startSiwx` follows the new one): no more checks
 * on connections, no refetch; a session held here is dropped (`wallet-session` unauthenticated). The backend's own
 * session is not touched: it is the site's, and the site turned sign-in off.
 */
export function stopSiwx(): void {
  watching?.stop();
  watching = undefined;
  cached = undefined;
  if ($siwxSession.get()) $siwxSession.set(undefined);
}
