/**
 * Session keys of the stack's smart account (server/chain/contracts/LocalSmartAccount.sol), the on-chain side of
 * ERC-7715 permissions ("smart sessions"): the owner grants a key the right to transfer up to a limit of one token
 * until an expiry, its operations' network fees within a budget in wei; the account checks every user operation the key signs against that (on chain, in
 * `validateUserOp`), and a revoked or expired session can do nothing more. Here: the calls to grant and revoke, the
 * owner's revocation signature (EIP-712 on the account's domain, for anyone to relay), and the session key as a viem
 * smart account whose user operations carry the session's signature.
 */
import { concat, encodeFunctionData, parseAbi, type Address, type Chain, type Client, type Hex, type LocalAccount, type Transport } from 'viem';
import type { SmartAccount } from 'viem/account-abstraction';
import { toLocalSmartAccount } from './local-account.js';

export const SESSIONS_ABI = parseAbi([
  'function grantSession(bytes32 id, address signer, address token, uint256 limit, uint256 feeBudget, uint48 validUntil, string site)',
  'function revokeSession(bytes32 id)',
  'function revokeSessionWithSignature(bytes32 id, bytes signature)',
  'function getSession(bytes32 id) view returns ((address signer, address token, uint48 validUntil, bool revoked, uint256 limit, uint256 spent, uint256 feeBudget, uint256 feeSpent))',
  'event SessionGranted(bytes32 indexed id, address indexed signer, address indexed token, uint256 limit, uint256 feeBudget, uint48 validUntil, string site)',
  'event SessionRevoked(bytes32 indexed id)',
]);

/** The prefix of a session's user operation signature (then the session id, then the key's signature). */
const SESSION_SIGNATURE: Hex = '0x5e55e55e';

export interface SessionGrant {
  id: Hex;
  signer: Address;
  token: Address;
  limit: bigint;
  /** Wei: the most the key's user operations may cost the account in network fees, altogether. */
  feeBudget: bigint;
  /** Unix seconds. */
  validUntil: number;
  /** The origin of the site the permission is for. */
  site: string;
}

/** The owner's call (from its smart account, to itself) that grants a session. */
export const grantSessionCall = (account: Address, grant: SessionGrant) => ({
  to: account,
  value: 0n,
  data: encodeFunctionData({ abi: SESSIONS_ABI, functionName: 'grantSession', args: [grant.id, grant.signer, grant.token, grant.limit, grant.feeBudget, grant.validUntil, grant.site] }),
});

/** The EIP-712 typed data the owner signs to revoke session `id` of `account` (the account's own domain). */
export const revokeTypedData = (account: Address, chainId: number, id: Hex) =>
  ({
    domain: { name: 'LocalSmartAccount', version: '1', chainId, verifyingContract: account },
    types: { RevokeSession: [{ name: 'id', type: 'bytes32' }] },
    primaryType: 'RevokeSession',
    message: { id },
  }) as const;

/** The relayed revocation: `revokeSessionWithSignature(id, signature)`, sent by anyone. */
export const revokeWithSignatureData = (id: Hex, signature: Hex): Hex => encodeFunctionData({ abi: SESSIONS_ABI, functionName: 'revokeSessionWithSignature', args: [id, signature] });

/**
 * The session key acting for `account` (deployed): a viem smart account at that address whose user operations are
 * signed by `key` and carry session `id` (the account decides on chain whether the session allows them).
 */
export async function toSessionAccount({ client, key, factory, account, id }: { client: Client<Transport, Chain | undefined>; key: LocalAccount; factory: Address; account: Address; id: Hex }): Promise<SmartAccount> {
  const base = await toLocalSmartAccount({ client, owner: key, factory, address: account });
  return {
    ...base,
    // Solady's stub is the owner's; a session's is longer, and gas is estimated with it.
    async getStubSignature() {
      return concat([SESSION_SIGNATURE, id, await base.getStubSignature()]);
    },
    async signUserOperation(operation) {
      return concat([SESSION_SIGNATURE, id, await base.signUserOperation(operation)]);
    },
  } as SmartAccount;
}
