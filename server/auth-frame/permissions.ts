/**
 * wallet_grantPermissions (ERC-7715) for the embedded wallet's smart account: a site asks that a key of its own may
 * spend up to an amount of one ERC-20 token from the smart account until a time; the visitor sees exactly that in
 * the frame (site, amount, token, key, expiry, the network fee budget of the key's operations, the grant's own fee)
 * and on Approve the smart account's owner sends the user
 * operation that grants the session on chain (server/aa/sessions.ts; the account enforces it in validateUserOp).
 *
 * Request: `[{ chainId, address?, expiry, signer, permissions: [{ type: 'erc20-token-transfer', data: { address,
 * allowance }, policies?: [] }] }]`, where the signer is `{ type: 'account', data: { address } }` or a secp256k1
 * key (`{ type: 'key', data: { type: 'secp256k1', publicKey } }`, or `keys` with one). Answer: the granted request
 * with `address` (the smart account), `context` (the session id a session key's user operations carry),
 * `feeBudget` (hex wei: what the key's user operations may cost the account in network fees altogether, each counted
 * at its most; the account refuses any beyond it) and the including bundle's `transactionHash` and `userOpHash`.
 *
 * One permission per request, of that one type: the account's session model is "transfers of one token within a
 * limit"; anything else is refused with a clear error rather than granted wider than asked.
 */
import { randomBytes } from 'node:crypto';
import { erc20Abi, formatEther, formatUnits, getAddress, isAddress, isAddressEqual, parseEther, toHex, type Address, type Hex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { z } from 'zod';
import { grantSessionCall } from '../aa/sessions.js';
import { evmChainName } from './networks.js';
import { SignError } from './sign-error.js';
import { publicClientOf, smartAccountOf, smartNetwork } from './smart-account.js';
import type { MethodHandler } from './signing.js';
import { userOperation, type UserOperationSent } from './user-operation.js';

const address = z.string().refine((value) => isAddress(value, { strict: false }), 'must be an address');
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity');
const publicKey = z.string().regex(/^0x04[0-9a-fA-F]{128}$/, 'must be an uncompressed secp256k1 public key (0x04…)');

const requestSchema = z.object({
  chainId: quantity,
  address: address.optional(),
  expiry: z.number().int().positive(),
  signer: z.discriminatedUnion('type', [
    z.object({ type: z.literal('account'), data: z.object({ address }) }),
    z.object({ type: z.literal('key'), data: z.object({ type: z.literal('secp256k1'), publicKey }) }),
    z.object({ type: z.literal('keys'), data: z.object({ keys: z.array(z.object({ type: z.literal('secp256k1'), publicKey })).length(1, 'exactly one key') }) }),
  ]),
  permissions: z
    .array(
      z.object({
        type: z.literal('erc20-token-transfer', { error: "only 'erc20-token-transfer' permissions are granted" }),
        data: z.object({ address, allowance: quantity }),
        policies: z.array(z.unknown()).max(0, 'no policies are supported (the expiry and the allowance are the limits)').optional(),
        required: z.boolean().optional(),
      }),
    )
    .length(1, 'exactly one permission per request'),
});

export type PermissionRequest = z.infer<typeof requestSchema>;

/**
 * What a session key's user operations may cost the smart account in network fees, altogether, unless the network's
 * configuration says otherwise (`smartAccount.sessionFeeBudget`): each is counted at its most (gas limits × max fee
 * per gas), so at local prices this is about ten transfers.
 */
export const SESSION_FEE_BUDGET = parseEther('0.01');

/** The longest a permission may last. */
const MAX_PERMISSION_SECONDS = 365 * 24 * 3600;

const signerAddress = (signer: PermissionRequest['signer']): Address =>
  signer.type === 'account' ? getAddress(signer.data.address) : publicKeyToAddress((signer.type === 'key' ? signer.data.publicKey : signer.data.keys[0]!.publicKey) as Hex);

const grantPermissions: MethodHandler = async (ctx, params) => {
  const parsed = requestSchema.safeParse(Array.isArray(params) ? params[0] : undefined);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SignError(-32602, `wallet_grantPermissions: ${issue ? `${issue.path.join('.') || 'params'} ${issue.message}` : 'expects [{ chainId, expiry, signer, permissions }]'}`);
  }
  const request = parsed.data;
  const chainId = Number.parseInt(request.chainId, 16);
  const network = smartNetwork(ctx.networks, chainId);
  if (!network) throw new SignError(-32602, `Permissions are granted by a smart account, and ${evmChainName(ctx.networks, chainId)} has none`);
  if (!ctx.site) throw new SignError(-32602, 'A permission needs the site it is for, and the frame did not name one');
  const account = await (await smartAccountOf(ctx.masterKey, ctx.user, network)).getAddress();
  if (request.address && !isAddressEqual(request.address as Address, account)) throw new SignError(4100, 'The requested account is not the embedded wallet');
  const now = Math.floor(Date.now() / 1000);
  if (request.expiry <= now) throw new SignError(-32602, 'wallet_grantPermissions: expiry is in the past');
  if (request.expiry > now + MAX_PERMISSION_SECONDS) throw new SignError(-32602, 'wallet_grantPermissions: expiry is more than a year away');
  const permission = request.permissions[0]!;
  const token = getAddress(permission.data.address);
  const limit = BigInt(permission.data.allowance);
  if (limit === 0n) throw new SignError(-32602, 'wallet_grantPermissions: the allowance is zero');
  const client = publicClientOf(network);
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
    client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
  ]).catch(() => {
    throw new SignError(-32602, `${token} on ${network.name} is not an ERC-20 token (no symbol or decimals)`);
  });
  const signer = signerAddress(request.signer);
  const id = toHex(randomBytes(32));
  const feeBudget = network.smartAccount.sessionFeeBudget ?? SESSION_FEE_BUDGET;
  const grant = grantSessionCall(account, { id, signer, token, limit, feeBudget, validUntil: request.expiry, site: ctx.site });
  const display = {
    method: 'wallet_grantPermissions' as const,
    address: account,
    network: network.name,
    token,
    permission: { site: ctx.site, allows: { id: 'permission.transferUpTo', values: { amount: `${formatUnits(limit, decimals)} ${symbol}` } }, signer, expires: new Date(request.expiry * 1000).toISOString().replace('.000Z', 'Z'), feeBudget: `${formatEther(feeBudget)} ${network.symbol ?? 'ETH'}` },
  };
  const filed = await userOperation(ctx, network, grant, display);
  return {
    display: filed.display,
    async sign() {
      const sent = (await filed.sign()) as UserOperationSent;
      return { ...request, chainId: toHex(chainId), address: account, context: id, feeBudget: toHex(feeBudget), ...sent };
    },
  };
};

export const PERMISSION_METHODS = { wallet_grantPermissions: grantPermissions } satisfies Record<string, MethodHandler>;
