import * as z from 'zod/mini';
import { AUTH_ID, AUTH_SOLANA_ID, type AuthUser, createAuthConnectors } from '../../connectors/auth/connector.js';
import { FrameError, type FrameClient } from '../../connectors/auth/frame-client.js';
import type { Connector } from '../../connectors/types.js';
import type { Caip2 } from '../../core/caip.js';
import { isEmail } from '../../core/email.js';
import { WidgetError } from '../../core/errors.js';
import { type MessageId, t } from '../../core/messages.js';
import '../../core/messages-auth.js';
import { $emailLogin, $authUser } from '../auth.js';
import { $config } from '../config.js';
import { $addingWallet, $connections } from '../connection.js';
import { lastConnection } from '../last-connection.js';
import { pushRoute } from '../route.js';
import { solanaNow } from '../solana-now.js';
import { registerWallet } from '../wallets.js';
import { noteUserOperation } from '../transactions.js';
import { accountAtLogin, bindAccountType, followNetwork, refreshAccountType } from './account-type.js';
import { closeFrame, ensureFrame } from './auth-frame.js';
import { closeAfterConnect, establishConnection } from './establish-connection.js';

/**
 * Email login: the code mailed and entered through the secure frame (auth-frame.ts), social and Farcaster logins'
 * last steps, and the `auth` connections a login gives (EVM and Solana).
 */

const user = z.object({
  // A social login's provider may give no email (server/auth-frame/social.ts).
  email: z.optional(z.string()),
  socialProvider: z.optional(z.string()),
  address: z.string(),
  accounts: z.array(z.object({ namespace: z.string(), address: z.string(), type: z.string() })),
});

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
    onSent: () => void import('../refresh-balances.js').then((m) => m.refreshBalances(), () => {}),
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
