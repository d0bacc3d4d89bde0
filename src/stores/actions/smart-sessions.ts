import '../../core/messages-sessions.js';
import { atom } from 'nanostores';
import { decodeAbiParameters } from 'viem';
import { type Caip2, evmChainId } from '../../core/caip.js';
import { WidgetError, isWidgetError } from '../../core/errors.js';
import { isRejection } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import { type Eip1193Provider, isEvmConnector } from '../../connectors/types.js';
import { readRpcUrl } from '../chain-reads.js';
import { getSmartSessions, revokeSmartSession, type SmartSession } from '../../services/sessions-api.js';
import { $accountType } from '../account-type.js';
import { $connected } from '../connection.js';
import { showToast } from '../toasts.js';
import { $walletApi } from '../wallet-api-config.js';
import { findWallet } from '../wallets.js';

export type { SmartSession } from '../../services/sessions-api.js';

/** An account's EIP-712 domain as it states it (EIP-5267): the fields it uses, with their values. */
export interface AccountDomain {
  fields: { name: string; type: string }[];
  values: Record<string, string | number>;
}

/** EIP-5267's `eip712Domain()` selector and the order of its fields (bit i of `fields` says field i is used). */
const EIP712_DOMAIN = '0x84b0196e';
const DOMAIN_FIELDS = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
] as const;

/**
 * The smart account's own EIP-712 domain, read from the account (`eip712Domain()`, EIP-5267) through the chain's read
 * RPC, so a revocation is signed for whichever account contract the visitor has, not one contract's name and version.
 */
export async function readAccountDomain(account: string, chainId: Caip2, provider: Eip1193Provider): Promise<AccountDomain> {
  const call = { method: 'eth_call', params: [{ to: account, data: EIP712_DOMAIN }, 'latest'] };
  const url = await readRpcUrl(chainId);
  const { rpcRequest } = await import('../../connectors/evm/json-rpc.js');
  const data = (url ? await rpcRequest(url, call) : await provider.request(call)) as `0x${string}`;
  const [bits, name, version, id, contract, salt] = decodeAbiParameters(
    [{ type: 'bytes1' }, { type: 'string' }, { type: 'string' }, { type: 'uint256' }, { type: 'address' }, { type: 'bytes32' }, { type: 'uint256[]' }],
    data,
  );
  const all = { name, version, chainId: Number(id), verifyingContract: contract, salt };
  const fields = DOMAIN_FIELDS.filter((_, i) => (parseInt(bits, 16) >> i) & 1);
  return { fields: [...fields], values: Object.fromEntries(fields.map((f) => [f.name, all[f.name]])) };
}

/**
 * The EIP-712 revocation the smart account's owner signs: `RevokeSession(bytes32 id)` in the account's own domain;
 * the wallet data API relays it, so revoking costs the visitor no gas.
 */
export const revokeTypedData = (domain: AccountDomain, pci: string) => ({
  types: { EIP712Domain: domain.fields, RevokeSession: [{ name: 'id', type: 'bytes32' }] },
  primaryType: 'RevokeSession',
  domain: domain.values,
  message: { id: pci },
});

/** The active EVM account as CAIP-10, with what the list needs; undefined without an EVM connection or an API. */
function context() {
  const connection = $connected.get();
  const api = $walletApi.get();
  if (!connection || connection.namespace !== 'eip155' || !api) return undefined;
  return { connection, api, caip: `${connection.chainId}:${connection.address}` };
}

/** The active account's smart sessions, newest first. */
export async function loadSmartSessions(signal?: AbortSignal): Promise<SmartSession[]> {
  const now = context();
  if (!now) return [];
  return getSmartSessions(now.api, now.caip, signal);
}

/**
 * Revokes session `pci` of the active smart account: its owner (the embedded wallet's key, asked in the secure
 * frame) signs the revocation, and the wallet data API relays it on chain. Errors are WidgetErrors with the
 * view's words: USER_REJECTED when the visitor said no in the frame, REQUEST_FAILED otherwise.
 */
export async function revokeSession(pci: string): Promise<void> {
  const now = context();
  const owner = $accountType.get()?.eoa;
  const chainId = now ? evmChainId(now.connection.chainId) : undefined;
  const connector = now ? findWallet(now.connection.walletId) : undefined;
  if (!now || !owner || chainId === undefined || !connector || !isEvmConnector(connector)) throw new WidgetError('REQUEST_FAILED', t('sessions.revokeFailed'), { details: 'no smart account connected' });
  let domain: AccountDomain;
  try {
    domain = await readAccountDomain(now.connection.address, now.connection.chainId, connector.getProvider());
  } catch (cause) {
    throw new WidgetError('REQUEST_FAILED', t('sessions.revokeFailed'), { details: `the account's eip712Domain() could not be read: ${(cause as Error)?.message}`, cause });
  }
  let signature: string;
  try {
    signature = (await connector.getProvider().request({ method: 'eth_signTypedData_v4', params: [owner, JSON.stringify(revokeTypedData(domain, pci))] })) as string;
  } catch (cause) {
    throw isRejection(cause) ? new WidgetError('USER_REJECTED', t('sessions.rejected'), { cause }) : new WidgetError('REQUEST_FAILED', t('sessions.revokeFailed'), { details: (cause as Error)?.message, cause });
  }
  try {
    await revokeSmartSession(now.api, now.caip, { pci, signature });
  } catch (cause) {
    throw new WidgetError('REQUEST_FAILED', t('sessions.revokeFailed'), { details: isWidgetError(cause) ? cause.details : (cause as Error)?.message, cause });
  }
}

/**
 * SmartSessionList's revocation in progress and its outcome, outside the view: the frame's approval shows
 * ApproveTransaction in between, so the list view is left and comes back. `version` changes when the list is stale.
 */
export const $sessionRevocation = atom<{ revoking?: string | undefined; error?: string | undefined; version: number }>({ version: 0 });

/** Revoke from the list: one at a time; the list reloads once it is done, a failure stays shown until the next try. */
export async function revokeFromList(pci: string): Promise<void> {
  const state = $sessionRevocation.get();
  if (state.revoking) return;
  $sessionRevocation.set({ revoking: pci, version: state.version });
  try {
    await revokeSession(pci);
    showToast('success', t('sessions.revoked'));
    $sessionRevocation.set({ version: $sessionRevocation.get().version + 1 });
  } catch (cause) {
    $sessionRevocation.set({ error: isWidgetError(cause) ? cause.shortMessage : t('sessions.revokeFailed'), version: $sessionRevocation.get().version });
  }
}
