import * as z from 'zod/mini';
import type { AuthConnectors } from '../../connectors/auth/connector.js';
import { FrameError, type FrameClient } from '../../connectors/auth/frame-client.js';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import '../../core/messages-auth.js';
import { $accountType, type AccountType } from '../account-type.js';
import { $config } from '../config.js';
import { $connections } from '../connection.js';

/**
 * Account types of an email or social login: the secure service keeps the choice and knows the smart
 * account (`smart_account_status`, `set_preferred_account`); the `auth` connector's EVM side answers for the
 * account chosen. Where the service offers no smart account, the EOA is used whatever the choice.
 */
const status = z.object({
  networks: z.array(z.string()),
  preferredAccountType: z.enum(['eoa', 'smartAccount']),
  /** False until the visitor (or `default-account-type`) chose: the service then answers 'eoa'. */
  chosen: z.optional(z.boolean()),
  smartAccount: z.optional(z.object({ chainId: z.string(), address: z.string(), deployed: z.boolean() })),
});

let bound: { client: FrameClient; connectors: AuthConnectors } | undefined;

/** The EVM account to connect with for `chainId`: the smart account when chosen and offered there, else the EOA. */
export async function accountAtLogin(client: FrameClient, chainId: string, eoa: string): Promise<string> {
  try {
    let answer = status.parse(await client.request('smart_account_status', { chainId }));
    // `default-account-type="smartAccount"`: the first login where the service offers one starts on it (kept).
    if (!answer.chosen && $config.get().defaultAccountType === 'smartAccount' && answer.smartAccount) {
      answer = status.parse(await client.request('set_preferred_account', { type: 'smartAccount', chainId }));
    }
    $accountType.set({ preferred: answer.preferredAccountType, eoa, networks: answer.networks, smartAccount: answer.smartAccount });
    return answer.preferredAccountType === 'smartAccount' && answer.smartAccount ? answer.smartAccount.address : eoa;
  } catch {
    // A service without smart accounts: the EOA, as before.
    $accountType.set({ preferred: 'eoa', eoa, networks: [] });
    return eoa;
  }
}

/** The login's connectors, so a switch can move the EVM side; undefined when the login ended. */
export function bindAccountType(binding: { client: FrameClient; connectors: AuthConnectors } | undefined): void {
  bound = binding;
  if (!binding) $accountType.set(null);
}

/**
 * Switches the EVM side to `type` on the active network. Refused where that network has no smart account:
 * "Switching to a smart account needs a smart account enabled on the active network", and nothing changes.
 */
export async function switchAccountType(type: AccountType): Promise<void> {
  const current = $accountType.get();
  const chainId = $connections.get().eip155?.chainId;
  if (!bound || !current || !chainId) throw new WidgetError('NOT_CONNECTED', t('auth.notConnected'));
  const refused = () => new WidgetError('UNSUPPORTED_CHAIN', t('smartAccount.notEnabled'), { details: chainId });
  if (type === 'smartAccount' && !current.networks.includes(chainId)) throw refused();
  let answer: z.infer<typeof status>;
  following++; // a network follow still under way answers for the old choice
  try {
    answer = status.parse(await bound.client.request('set_preferred_account', { type, chainId }));
  } catch (error) {
    if (error instanceof FrameError && error.code === 'smart_account_not_enabled') throw refused();
    throw error;
  }
  $accountType.set({ ...current, preferred: answer.preferredAccountType, networks: answer.networks, smartAccount: answer.smartAccount });
  bound.connectors.setEvmAccount(answer.preferredAccountType === 'smartAccount' && answer.smartAccount ? answer.smartAccount.address : current.eoa);
}

let following = 0;

/**
 * The EVM network changed (or a transaction may have deployed the account): asks the service about `chainId`
 * and moves the EVM side to the account the choice gives there: the smart account where that network has one,
 * else the EOA (the choice is kept, so going back to a network with smart accounts goes back to it). An older
 * answer than the last question is dropped; a service that cannot answer leaves the EOA.
 */
export async function followNetwork(chainId: string): Promise<void> {
  const current = $accountType.get();
  if (!bound || !current) return;
  const binding = bound;
  const asked = ++following;
  let answer: z.infer<typeof status> | undefined;
  try {
    answer = status.parse(await binding.client.request('smart_account_status', { chainId }));
  } catch {
    answer = undefined;
  }
  if (asked !== following || bound !== binding) return;
  const now = $accountType.get() ?? current;
  if (!answer) {
    $accountType.set({ ...now, smartAccount: undefined });
    binding.connectors.setEvmAccount(now.eoa);
    return;
  }
  $accountType.set({ ...now, preferred: answer.preferredAccountType, networks: answer.networks, smartAccount: answer.smartAccount });
  binding.connectors.setEvmAccount(answer.preferredAccountType === 'smartAccount' && answer.smartAccount ? answer.smartAccount.address : now.eoa);
}

/** Reads whether the smart account is deployed yet (after a transaction, for the Account view). */
export async function refreshAccountType(): Promise<void> {
  const chainId = $connections.get().eip155?.chainId;
  if (chainId) await followNetwork(chainId);
}
