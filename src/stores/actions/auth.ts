import * as z from 'zod/mini';
import { AUTH_ID, AUTH_SOLANA_ID, type AuthUser, createAuthConnectors } from '../../connectors/auth/connector.js';
import { FRAME_LOAD_TIMEOUT_MS, FrameError, type FrameClient, openFrame } from '../../connectors/auth/frame-client.js';
import type { Connector } from '../../connectors/types.js';
import type { Caip2 } from '../../core/caip.js';
import { isEmail } from '../../core/email.js';
import { WidgetError } from '../../core/errors.js';
import { type MessageId, t } from '../../core/messages.js';
import '../../core/messages-auth.js';
import { $emailLogin, $approving, $authUser } from '../auth.js';
import { $config } from '../config.js';
import { $addingWallet, $connections } from '../connection.js';
import { lastConnection } from '../last-connection.js';
import { $modal, $viewsNeeded, setModalOpen } from '../modal.js';
import { $history, $route, type Route, pushRoute } from '../route.js';
import { solanaNow } from '../solana-now.js';
import { registerWallet } from '../wallets.js';
import { noteUserOperation } from '../transactions.js';
import { accountAtLogin, bindAccountType, followNetwork, refreshAccountType } from './account-type.js';
import { closeAfterConnect, establishConnection } from './establish-connection.js';

/** The theme the frame takes: the site's own choice; with `system` the frame follows the system as the modal does. */
const themeOf = (theme: string): 'light' | 'dark' | undefined => (theme === 'light' || theme === 'dark' ? theme : undefined);

/**
 * Email login: the secure frame (`auth-url`, inside the widget's shadow root), the code mailed and
 * entered, and the `auth` connections it gives (EVM and Solana). While the frame shows a request to approve,
 * the modal shows ApproveTransaction with the frame over its body; then it goes back to where it was.
 */

const user = z.object({
  // A social login's provider may give no email (server/auth-frame/social.ts).
  email: z.optional(z.string()),
  socialProvider: z.optional(z.string()),
  address: z.string(),
  accounts: z.array(z.object({ namespace: z.string(), address: z.string(), type: z.string() })),
});

let frame: Promise<FrameClient> | undefined;

/**
 * The modal's dialog in the widget's shadow root: the frame lives there (shown over the body when approving). The
 * views (and their dialog) load when the modal first opens; a frame wanted before that (a reload restoring the
 * login) asks for them and waits, at most the frame's own load time. Never the entry's stand-in dialog.
 */
async function frameContainer(): Promise<HTMLElement> {
  const root = document.querySelector('wallet-connect-modal')?.shadowRoot;
  const missing = (details: string) => new WidgetError('PROVIDER_NOT_FOUND', t('auth.noConnector'), { details });
  if (!root) throw missing('no <wallet-connect-modal> to hold the secure frame');
  const find = () => root.querySelector<HTMLElement>('dialog.dialog:not([data-shell])');
  const found = find();
  if (found) return found;
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      const dialog = find();
      if (!dialog) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(dialog);
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(missing('the modal views did not load'));
    }, FRAME_LOAD_TIMEOUT_MS);
    // Asked for once the observer listens: views already loaded (prefetched at idle) render in this very task.
    $viewsNeeded.set(true);
    const now = find();
    if (now) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(now);
    }
  });
}

/** The frame, loaded once (20 s at most); a failed load is tried afresh next time. */
export function ensureFrame(): Promise<FrameClient> {
  const authUrl = $config.get().authUrl;
  if (!authUrl) return Promise.reject(new WidgetError('PROVIDER_NOT_FOUND', t('auth.noConnector'), { details: 'auth-url is not set' }));
  frame ??= Promise.resolve()
    .then(frameContainer)
    .then((container) => openFrame({ authUrl, container, onApprove, lang: $config.get().lang, theme: themeOf($config.get().theme), title: t('auth.frameTitle', {}, $config.get().lang) }))
    .then((client) => {
      client.iframe.className = 'auth-frame';
      return client;
    });
  frame.catch(() => (frame = undefined));
  return frame;
}

function closeFrame(): void {
  void frame?.then((client) => client.close(), () => {});
  frame = undefined;
}

// ApproveTransaction: the views and modal state to go back to once the frame is done.
let before: { history: Route[]; open: boolean } | undefined;

function onApprove(open: boolean): void {
  if (open) {
    before ??= { history: $history.get(), open: $modal.get().open };
    $approving.set(true);
    if ($route.get().view !== 'ApproveTransaction') pushRoute({ view: 'ApproveTransaction' });
    if (!$modal.get().open) setModalOpen(true);
    return;
  }
  $approving.set(false);
  void frame?.then((client) => (client.iframe.hidden = true), () => {});
  const saved = before;
  before = undefined;
  if (!saved || $route.get().view !== 'ApproveTransaction') return;
  // Closed first, so wallet-close names the view the visitor saw.
  if (!saved.open && $modal.get().open) setModalOpen(false);
  $history.set(saved.history);
}

// Closing the modal while the frame asks for approval refuses the request (EIP-1193 4001 to whoever asked); the
// service marks it rejected, so it is never signed later. The frame then says it is done (onApprove(false)).
$modal.listen((modal) => {
  if (!modal.open && $approving.get()) void frame?.then((client) => client.request('rpc_cancel')).catch(() => {});
});

/**
 * Shows the frame over `slot` (ApproveTransaction's body), following its size; null hides it. The frame is
 * never moved in the DOM (that would reload it): it is positioned over the slot inside the dialog.
 */
export function placeFrame(slot: HTMLElement | null): () => void {
  let observer: ResizeObserver | undefined;
  let unlisten: (() => void) | undefined;
  let stopped = false;
  void frame?.then((client) => {
    if (stopped) return;
    const { iframe } = client;
    if (!slot) {
      iframe.hidden = true;
      return;
    }
    const place = () => {
      const dialog = iframe.parentElement;
      if (!dialog) return;
      const d = dialog.getBoundingClientRect();
      const s = slot.getBoundingClientRect();
      Object.assign(iframe.style, { top: `${s.top - d.top - dialog.clientTop}px`, left: `${s.left - d.left - dialog.clientLeft}px`, width: `${s.width}px`, height: `${s.height}px` });
      iframe.hidden = !$approving.get() || s.width === 0;
    };
    observer = new ResizeObserver(place);
    observer.observe(slot);
    // The body scrolls under a short viewport: the frame follows the slot, so Approve is never left clipped or misplaced.
    const dialog = iframe.parentElement;
    dialog?.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place, { passive: true });
    unlisten = () => {
      dialog?.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
    place();
  }, () => {});
  return () => {
    stopped = true;
    observer?.disconnect();
    unlisten?.();
    void frame?.then((client) => (client.iframe.hidden = true), () => {});
  };
}

/** The catalogue message for a refusal of the service (docs/email-and-social.md). */
export function messageFor(error: unknown): string {
  const code = error instanceof FrameError ? error.code : undefined;
  const data = (error instanceof FrameError ? error.data : undefined) as { attemptsLeft?: unknown; retryAfterS?: unknown } | undefined;
  const ids: Record<string, MessageId> = {
    invalid_email: 'auth.invalidEmail',
    invalid_code: 'auth.invalidCode',
    expired_code: 'auth.expiredCode',
    too_many_attempts: 'auth.tooManyAttempts',
    rate_limited: 'auth.rateLimited',
    mail_failed: 'auth.mailFailed',
    iframe_load_failed: 'auth.frameFailed',
    same_email: 'emailUpdate.sameEmail',
    email_taken: 'emailUpdate.taken',
    no_email: 'emailUpdate.noEmail',
    no_update: 'emailUpdate.noUpdate',
    not_signed_in: 'auth.notConnected',
  };
  if (code === 'wrong_code') {
    const left = typeof data?.attemptsLeft === 'number' ? data.attemptsLeft : undefined;
    return left === 1 ? t('auth.wrongCodeLast') : left === undefined ? t('auth.expiredCode') : t('auth.wrongCode', { attempts: String(left) });
  }
  if (code === 'resend_too_soon') return t('auth.resendTooSoon', { seconds: String(typeof data?.retryAfterS === 'number' ? data.retryAfterS : 60) });
  if (error instanceof WidgetError) return error.shortMessage;
  return t(typeof code === 'string' && code in ids ? ids[code]! : 'auth.failed');
}

/** Sends a code to `raw` (a malformed address is refused here, nothing sent); then EmailLogin asks for it. */
export async function submitEmail(raw: string): Promise<void> {
  const email = raw.trim();
  if (!isEmail(email)) return $emailLogin.set({ where: 'email', error: t('auth.invalidEmail') });
  if ($emailLogin.get().busy) return;
  $emailLogin.set({ busy: 'sending', where: 'email' });
  try {
    await (await ensureFrame()).request('email_start', { email });
    $emailLogin.set({});
    pushRoute({ view: 'EmailLogin', email });
  } catch (error) {
    $emailLogin.set({ where: 'email', error: messageFor(error) });
  }
}

/** Mails a new code to `email` (one a minute: sooner, the view says how long to wait). */
export async function resendCode(email: string): Promise<void> {
  if ($emailLogin.get().busy) return;
  $emailLogin.set({ busy: 'resending', where: 'code' });
  try {
    await (await ensureFrame()).request('email_start', { email });
    $emailLogin.set({ where: 'code', notice: t('auth.resent') });
  } catch (error) {
    $emailLogin.set({ where: 'code', error: messageFor(error) });
  }
}

/** Checks the code; right, the embedded wallet connects (EVM and Solana) and the modal closes. */
export async function verifyCode(email: string, raw: string): Promise<void> {
  const code = raw.replace(/\s/g, '');
  if (!/^\d{6}$/.test(code)) return $emailLogin.set({ where: 'code', error: t('auth.invalidCode') });
  if ($emailLogin.get().busy) return;
  $emailLogin.set({ busy: 'verifying', where: 'code' });
  try {
    const client = await ensureFrame();
    const signedIn = user.parse(await client.request('email_verify', { email, code }));
    const { blocked } = await connectUser(client, signedIn);
    $emailLogin.set({});
    closeAfterConnect(blocked);
  } catch (error) {
    $emailLogin.set({ where: 'code', error: messageFor(error) });
  }
}

/** Social login's last step: the popup's ticket → the frame's own session → the same connections as email login. */
export async function completeSocialLogin(ticket: string): Promise<void> {
  const client = await ensureFrame();
  const { blocked } = await connectUser(client, user.parse(await client.request('social_complete', { ticket })));
  closeAfterConnect(blocked);
}

/** Farcaster's last step: the user `farcaster_wait` gave (the frame has its session) → the same connections as email login. */
export async function completeFarcasterLogin(client: FrameClient, answer: unknown): Promise<void> {
  const { blocked } = await connectUser(client, user.parse(answer));
  closeAfterConnect(blocked);
}

const chainsOf = (namespace: string) => $config.get().networks.filter((id) => id.startsWith(`${namespace}:`));

/** The connections one login gives, for the configured namespaces not connected otherwise; the default network's last (it becomes active). */
async function connectUser(client: FrameClient, signedIn: AuthUser): Promise<{ blocked: boolean }> {
  const { networks, defaultNetwork } = $config.get();
  const preferred = [defaultNetwork, ...networks].filter((id): id is Caip2 => !!id);
  const kept = lastConnection('eip155').get()?.chainId as Caip2 | undefined;
  const evmChain = kept && chainsOf('eip155').includes(kept) ? kept : preferred.find((id) => id.startsWith('eip155:'));
  const eoa = signedIn.accounts.find((a) => a.namespace === 'eip155')?.address ?? signedIn.address;
  const evmAccount = evmChain ? await accountAtLogin(client, evmChain, eoa) : eoa;
  const connectors = createAuthConnectors(client, signedIn, {
    evmAccount,
    evmChain: evmChain ?? 'eip155:1',
    evmChains: () => chainsOf('eip155'),
    solanaChains: () => chainsOf('solana'),
    solanaNow: solanaNow(AUTH_SOLANA_ID),
    onChain: (chainId) => {
      const last = lastConnection('eip155').get();
      if (last?.walletId === AUTH_ID) lastConnection('eip155').set({ ...last, chainId });
      void followNetwork(chainId);
    },
    // The first user operation deploys the smart account: read it again (state.smartAccountDeployed, Account view).
    onUserOperation: (hash, userOpHash) => {
      noteUserOperation(hash, userOpHash);
      void refreshAccountType();
    },
    // Sent for the host page, not by the widget's Send (which tracks its own): the balances shown are read again,
    // or the next Send would offer what the 30 s cache of the balance before it holds (none, for a new account).
    onSent: () => void Promise.all([import('../balance.js'), import('../portfolio.js')]).then(([balance, portfolio]) => {
      void balance.refreshNativeBalance();
      void portfolio.refreshPortfolio();
    }, () => {}),
    onEnd: () => {
      bindAccountType(undefined);
      $authUser.set(null);
      closeFrame();
    },
  });
  bindAccountType({ client, connectors });
  registerWallet(connectors.evm);
  registerWallet(connectors.solana);
  $authUser.set(signedIn);
  const first = preferred[0]?.split(':')[0];
  const sides: Connector[] = [...(evmChain ? [connectors.evm] : []), ...(chainsOf('solana').length ? [connectors.solana] : [])]
    // ProfileWallets' "Add wallet": the namespace it adds to as well (the wallet there is parked).
    .filter((c) => !$connections.get()[c.namespace] || $addingWallet.get() === c.namespace)
    .sort((a, b) => Number(a.namespace === first) - Number(b.namespace === first));
  if (sides.length === 0) throw new WidgetError('ALREADY_CONNECTED', t('error.alreadyConnected'));
  let blocked = false;
  for (const side of sides) {
    ({ blocked } = establishConnection(side, await side.connect()));
    if (side.namespace === 'eip155' && evmChain) lastConnection('eip155').set({ ...lastConnection('eip155').get()!, chainId: evmChain });
  }
  return { blocked };
}

let restoring: Promise<void> | undefined;

/**
 * After a reload, when the last connection was `auth`: loads the frame and takes the session it still has,
 * without a prompt. No session: the remembered connection is forgotten. Once for both namespaces.
 */
export function restoreAuth(): Promise<void> {
  return (restoring ??= (async () => {
    try {
      const client = await ensureFrame();
      const answer = await client.request('get_user');
      const signedIn = answer === null ? undefined : user.parse(answer);
      if (!signedIn) {
        for (const ns of ['eip155', 'solana'] as const) if (lastConnection(ns).get()?.type === 'auth') lastConnection(ns).set(null);
        closeFrame();
        return;
      }
      await connectUser(client, signedIn);
    } finally {
      restoring = undefined;
    }
  })());
}

/** The email wallet's user; docs/specification.md#errors "Not connected to email or social" without one. */
export function authUser(): AuthUser {
  const signedIn = $authUser.get();
  if (!signedIn) throw new WidgetError('NOT_CONNECTED', t('auth.notConnected'));
  return signedIn;
}
