/**
 * Smart accounts of the embedded wallet (docs/wire-formats.md#secure-frame GET_SMART_ACCOUNT_ENABLED_NETWORKS,
 * INIT_SMART_ACCOUNT, SET_PREFERRED_ACCOUNT): on each network the service's configuration gives a bundler and a
 * factory, the user's EVM key owns a smart account (Solady's ERC-4337 account, server/aa/local-account.ts), at an
 * address known before it is deployed. The user's chosen account type is kept in the store; with `smartAccount`,
 * the frame signs as the smart account (ERC-1271 / ERC-6492) and sends transactions as user operations.
 *
 * `GET /api/smart-account?chainId=eip155:N` → `{ networks: ['eip155:…'], preferredAccountType, chosen, smartAccount?:
 * { chainId, address, deployed } }`; `POST /api/smart-account/preferred { type, chainId }` → the same, or 400
 * `smart_account_not_enabled` when `smartAccount` is asked for a network without smart accounts (nothing changes).
 */
import type { Context, Hono } from 'hono';
import { createPublicClient, defineChain, http, type Address, type Client, type PublicClient } from 'viem';
import { createBundlerClient, type UserOperation } from 'viem/account-abstraction';
import { z } from 'zod';
import { toLocalSmartAccount } from '../aa/local-account.js';
import { openEvmAccount } from './keys.js';
import { parseEvmChainId, type AccountType, type EvmNetwork, type FrameNetworks } from './networks.js';
import type { FrameStore, UserRecord } from './store.js';

export type SmartNetwork = EvmNetwork & { smartAccount: NonNullable<EvmNetwork['smartAccount']> };

export const smartNetworks = (networks: FrameNetworks): SmartNetwork[] => networks.evm.filter((n): n is SmartNetwork => n.smartAccount !== undefined);

export function publicClientOf(network: EvmNetwork): PublicClient {
  const chain = defineChain({ id: network.chainId, name: network.name, nativeCurrency: { name: network.symbol ?? 'ETH', symbol: network.symbol ?? 'ETH', decimals: 18 }, rpcUrls: { default: { http: [network.rpcUrl] } } });
  return createPublicClient({ chain, transport: http(network.rpcUrl, { retryCount: 1, timeout: 20_000 }), pollingInterval: 250 });
}

/** The user's smart account on `network` (its key opened for this call only). */
export function smartAccountOf(masterKey: Buffer, user: UserRecord, network: SmartNetwork) {
  return toLocalSmartAccount({ client: publicClientOf(network), owner: openEvmAccount(masterKey, user.id, user.evmKeySealed), factory: network.smartAccount.factory });
}

const bundlerGasPrice = z.object({ standard: z.object({ maxFeePerGas: z.string(), maxPriorityFeePerGas: z.string() }) });

/**
 * A user operation's fees: the bundler's own price where it offers one (`pimlico_getUserOperationGasPrice`, alto's
 * and Pimlico's), which is what it checks operations against; else viem's default, twice the chain's estimate.
 * That default spirals where the bundles are the chain's only traffic (the local chains): a bundle passes its
 * operations' doubled price on as its tip, and the chain suggests that tip back for the next one.
 */
async function userOperationFees(bundler: Client, client: PublicClient): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  try {
    const { standard } = bundlerGasPrice.parse(await bundler.request({ method: 'pimlico_getUserOperationGasPrice' as never }));
    return { maxFeePerGas: BigInt(standard.maxFeePerGas), maxPriorityFeePerGas: BigInt(standard.maxPriorityFeePerGas) };
  } catch {
    const fees = await client.estimateFeesPerGas();
    return { maxFeePerGas: 2n * fees.maxFeePerGas, maxPriorityFeePerGas: 2n * fees.maxPriorityFeePerGas };
  }
}

/** The most a user operation may cost the account (every gas limit × max fee per gas), as the EntryPoint charges. */
export const userOperationMaxCost = (op: UserOperation<'0.7'>): bigint =>
  (op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + (op.paymasterVerificationGasLimit ?? 0n) + (op.paymasterPostOpGasLimit ?? 0n)) * op.maxFeePerGas;

/** A bundler client for the user's smart account on `network`. */
export async function bundlerOf(masterKey: Buffer, user: UserRecord, network: SmartNetwork) {
  const client = publicClientOf(network);
  const account = await smartAccountOf(masterKey, user, network);
  const bundler = createBundlerClient({
    account,
    client,
    transport: http(network.smartAccount.bundlerUrl, { timeout: 60_000 }),
    pollingInterval: 250,
    userOperation: { estimateFeesPerGas: ({ bundlerClient }) => userOperationFees(bundlerClient, client) },
  });
  return { account, client, bundler };
}

/** The network of `chainId` when it has smart accounts. */
export const smartNetwork = (networks: FrameNetworks, chainId: unknown): SmartNetwork | undefined => {
  const id = parseEvmChainId(chainId);
  return smartNetworks(networks).find((n) => n.chainId === id);
};

export interface SmartAccountRouteDeps {
  store: FrameStore;
  masterKey: Buffer;
  networks: () => FrameNetworks;
  sessionUser(c: Context): Promise<UserRecord | undefined>;
}

export function mountSmartAccountRoutes(app: Hono, deps: SmartAccountRouteDeps): void {
  const status = async (user: UserRecord, chainId: unknown) => {
    const networks = deps.networks();
    const chosen = await deps.store.getAccountType(user.id);
    const preferredAccountType: AccountType = chosen ?? 'eoa';
    const network = smartNetwork(networks, chainId);
    let smartAccount: { chainId: string; address: Address; deployed: boolean } | undefined;
    if (network) {
      const account = await smartAccountOf(deps.masterKey, user, network);
      const address = await account.getAddress();
      smartAccount = { chainId: `eip155:${network.chainId}`, address, deployed: await account.isDeployed() };
    }
    return { networks: smartNetworks(networks).map((n) => `eip155:${n.chainId}`), preferredAccountType, chosen: chosen !== undefined, ...(smartAccount ? { smartAccount } : {}) };
  };

  app.get('/api/smart-account', async (c) => {
    const user = await deps.sessionUser(c);
    if (!user) return c.json({ error: 'not_signed_in' }, 401);
    return c.json(await status(user, c.req.query('chainId')));
  });

  // The fee a transaction from the smart account would cost at most, priced as the approval will price it (the
  // bundler's estimate of the user operation × its max fee per gas): the widget's Send review shows it.
  const feeBody = z.object({ chainId: z.unknown(), to: z.string().regex(/^0x[0-9a-fA-F]{40}$/), value: z.string().regex(/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/).optional(), data: z.string().regex(/^0x([0-9a-fA-F]{2}){0,8192}$/).optional() });
  app.post('/api/smart-account/fee', async (c) => {
    const user = await deps.sessionUser(c);
    if (!user) return c.json({ error: 'not_signed_in' }, 401);
    const body = feeBody.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: 'invalid_call' }, 400);
    const network = smartNetwork(deps.networks(), body.data.chainId);
    if (!network) return c.json({ error: 'smart_account_not_enabled' }, 400);
    const { bundler } = await bundlerOf(deps.masterKey, user, network);
    try {
      const prepared = (await bundler.prepareUserOperation({ calls: [{ to: body.data.to as Address, value: BigInt(body.data.value ?? 0), data: (body.data.data ?? '0x') as `0x${string}` }] })) as UserOperation<'0.7'>;
      return c.json({ fee: `0x${userOperationMaxCost(prepared).toString(16)}` });
    } catch (err) {
      return c.json({ error: 'estimate_failed', message: (err as { shortMessage?: string }).shortMessage ?? String(err) }, 400);
    }
  });

  app.post('/api/smart-account/preferred', async (c) => {
    const user = await deps.sessionUser(c);
    if (!user) return c.json({ error: 'not_signed_in' }, 401);
    const body = (await c.req.json().catch(() => ({}))) as { type?: unknown; chainId?: unknown };
    if (body.type !== 'eoa' && body.type !== 'smartAccount') return c.json({ error: 'invalid_type' }, 400);
    if (body.type === 'smartAccount' && !smartNetwork(deps.networks(), body.chainId)) return c.json({ error: 'smart_account_not_enabled' }, 400);
    await deps.store.setAccountType(user.id, body.type);
    return c.json(await status(user, body.chainId));
  });
}
