/**
 * Smart sessions (ERC-7715 permissions), docs/wire-formats.md#wallet-data-api, read from and written to the chain: the
 * stack's smart account (LocalSmartAccount.sol) records each grant and revocation as events, so the list is the
 * account's own logs and nothing is kept here.
 *
 * `GET /v1/sessions/{caipAddress}` → `{ pcis: SmartSession[] }`, newest first, where a SmartSession is
 * `{ project: { id, name, url }, pci, expiry (unix s), createdAt (unix s), permissions, policies: [], context,
 * revokedAt? }`; the one permission a session holds is
 * `{ type: 'erc20-token-transfer', data: { address, allowance, spent, symbol, decimals, feeBudget, feeSpent } }` (hex
 * quantities; `feeBudget`: the wei the key's user operations may cost the account in network fees altogether, each
 * counted at its most, and `feeSpent` what they have so far),
 * `context` is the session id a session key puts in its user operations' signatures, and `project` is the site
 * the owner granted it to (its origin, as the wallet showed it). An account on a chain the service does not serve,
 * or not deployed, has none.
 *
 * `POST /v1/sessions/{address}/revoke?projectId` with `{ pci, signature }` (the owner's EIP-712 `RevokeSession`
 * signature, server/aa/sessions.ts): checked by a dry run, then relayed on chain by the service's relayer, which
 * pays the gas → `{ success: true, transactionHash, revokedAt }`. `{address}` is CAIP-10, or a bare address
 * (then the chain holding session `pci` for it). A wrong signature is a 400 and nothing is sent.
 *
 * The relayer pays only for the stack's own accounts: the address must hold the ERC-1967 proxy the factory
 * deploys, pointing at the factory's implementation (an account its owner upgraded, or any other contract, is a
 * 400 before any gas is estimated), the transaction's gas is capped, and each client address may ask a few times a
 * minute (429 beyond).
 */
import type { Context, Hono } from 'hono';
import { createWalletClient, erc20Abi, getAddress, http, isAddressEqual, parseAbi, parseEventLogs, toHex, zeroAddress, type Account, type Address, type Hex, type Log } from 'viem';
import { z } from 'zod';
import { revokeWithSignatureData, SESSIONS_ABI } from '../aa/sessions.js';
import { EVM_ADDRESS_PATTERN, evmChainIdOf, parseCaip10 } from './caip.js';
import type { ApiChain, ChainRegistry } from './chains.js';
import { ApiError } from './errors.js';
import { FixedWindowLimiter } from './rate-limit.js';
import { checkProject } from './routes.js';

export interface SessionRouteDeps {
  chains: ChainRegistry;
  projectIds: ReadonlySet<string> | undefined;
  /** Sends (and pays for) the owners' signed revocations. Without it, revocation is a 404. */
  relayer: Account | undefined;
  /** The stack's smart account factory (LocalSmartAccountFactory): only its accounts' revocations are relayed. */
  factory: Address | undefined;
  /** Who is asking (the client's IP address), for the rate limit. */
  clientOf: (c: Context) => string;
}

/** The runtime code of the ERC-1967 proxy (Solady's LibClone) the factory deploys for every account. */
const ACCOUNT_PROXY_CODE = '0x363d3d373d3d363d7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc545af43d6000803e6038573d6000fd5b3d6000f3';
const IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
const FACTORY_ABI = parseAbi(['function implementation() view returns (address)']);
/** A revocation costs about 35k gas; the relayer never sends more than this. */
export const REVOKE_GAS_CAP = 150_000n;
/** Relayed revocations per client address per minute. */
export const REVOKES_PER_MINUTE = 10;

export interface SmartSession {
  project: { id: string; name: string; url?: string; iconUrl?: string };
  pci: Hex;
  expiry: number;
  createdAt: number;
  permissions: { type: 'erc20-token-transfer'; data: { address: Address; allowance: Hex; spent: Hex; symbol?: string; decimals?: number; feeBudget: Hex; feeSpent: Hex } }[];
  policies: never[];
  context: Hex;
  signer: { type: 'account'; data: { address: Address } };
  revokedAt?: number;
}

const revokeBody = z.object({
  pci: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'pci must be a session id (32 bytes, hex)'),
  signature: z.string().regex(/^0x([0-9a-fA-F]{2})+$/, 'signature must be hex'),
});

/** The site's name as the list shows it: the origin's host. */
const projectOf = (site: string): SmartSession['project'] => {
  try {
    const url = new URL(site);
    return { id: url.origin, name: url.host, url: url.origin };
  } catch {
    return { id: site, name: site };
  }
};

async function upstream<T>(chain: ApiChain, promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    console.warn(`[wallet-api] sessions on ${chain.caip2}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    throw new ApiError(502, [{ name: 'sessions', description: `the chain ${chain.caip2} did not answer the sessions lookup` }]);
  }
}

/** Every session `address` granted on `chain`, from its SessionGranted / SessionRevoked logs. */
async function sessionsOf(chain: ApiChain, address: Address): Promise<SmartSession[]> {
  const client = chain.client;
  if (!(await client.getCode({ address }))) return [];
  const logs = (await client.getLogs({ address, fromBlock: 0n, toBlock: 'latest' })) as Log[];
  const events = parseEventLogs({ abi: SESSIONS_ABI, logs });
  const times = new Map<bigint, number>();
  const timeOf = async (block: bigint) => {
    if (!times.has(block)) times.set(block, Number((await client.getBlock({ blockNumber: block })).timestamp));
    return times.get(block) as number;
  };
  const revoked = new Map<Hex, number>();
  for (const event of events) if (event.eventName === 'SessionRevoked') revoked.set(event.args.id, await timeOf(event.blockNumber));
  const tokens = new Map<Address, { symbol?: string; decimals?: number }>();
  const tokenOf = async (token: Address) => {
    if (!tokens.has(token)) {
      const [symbol, decimals] = await Promise.all([
        client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }).catch(() => undefined),
        client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }).catch(() => undefined),
      ]);
      tokens.set(token, { ...(symbol !== undefined ? { symbol } : {}), ...(decimals !== undefined ? { decimals } : {}) });
    }
    return tokens.get(token) as { symbol?: string; decimals?: number };
  };
  const sessions: SmartSession[] = [];
  for (const event of events) {
    if (event.eventName !== 'SessionGranted') continue;
    const { id, signer, token, limit, validUntil, site } = event.args;
    const [createdAt, stored, meta] = await Promise.all([timeOf(event.blockNumber), client.readContract({ address, abi: SESSIONS_ABI, functionName: 'getSession', args: [id] }), tokenOf(token)]);
    const revokedAt = revoked.get(id);
    sessions.push({
      project: projectOf(site),
      pci: id,
      expiry: Number(validUntil),
      createdAt,
      permissions: [{ type: 'erc20-token-transfer', data: { address: getAddress(token), allowance: toHex(limit), spent: toHex(stored.spent), ...meta, feeBudget: toHex(stored.feeBudget), feeSpent: toHex(stored.feeSpent) } }],
      policies: [],
      context: id,
      signer: { type: 'account', data: { address: getAddress(signer) } },
      ...(revokedAt !== undefined ? { revokedAt } : {}),
    });
  }
  return sessions.sort((a, b) => b.createdAt - a.createdAt);
}

/** Whether `address` on `chain` is an account the factory made, still running the factory's implementation. */
async function isStackAccount(chain: ApiChain, address: Address, factory: Address): Promise<boolean> {
  const code = await chain.client.getCode({ address });
  if (code?.toLowerCase() !== ACCOUNT_PROXY_CODE) return false;
  const [slot, implementation] = await Promise.all([
    chain.client.getStorageAt({ address, slot: IMPLEMENTATION_SLOT }),
    chain.client.readContract({ address: factory, abi: FACTORY_ABI, functionName: 'implementation' }),
  ]);
  return slot !== undefined && BigInt(slot) === BigInt(implementation);
}

export function addSessionRoutes(app: Hono, { chains, projectIds, relayer, factory, clientOf }: SessionRouteDeps): void {
  const limiter = new FixedWindowLimiter(REVOKES_PER_MINUTE, 60_000);
  // One relayed revocation at a time: the relayer's nonces stay in order.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  // projectId, st and sv are checked for every GET /v1/* (routes.ts).
  app.get('/v1/sessions/:caipAddress', async (c) => {
    const raw = c.req.param('caipAddress');
    const parsed = parseCaip10(raw);
    if (!parsed) throw ApiError.badRequest('caipAddress', 'caipAddress must be a CAIP-10 account id such as eip155:1:0xabc…');
    const chain = chains.get(evmChainIdOf(parsed.caip2));
    // Another namespace or a chain this service does not serve: no sessions (as the hosted service's "unsupported").
    if (!chain || !EVM_ADDRESS_PATTERN.test(parsed.address)) return c.json({ pcis: [] });
    return c.json({ pcis: await upstream(chain, sessionsOf(chain, getAddress(parsed.address))) });
  });

  app.post('/v1/sessions/:address/revoke', async (c) => {
    checkProject(c.req.query('projectId') ?? '', projectIds);
    if (!relayer) throw new ApiError(404, [{ name: 'sessions', description: 'this service relays no revocations' }]);
    const raw = c.req.param('address');
    const parsed = parseCaip10(raw);
    const bare = parsed ? parsed.address : raw;
    if (!EVM_ADDRESS_PATTERN.test(bare)) throw ApiError.badRequest('address', 'address must be an EVM address or a CAIP-10 eip155 account id');
    const address = getAddress(bare);
    if (!limiter.take(clientOf(c))) throw new ApiError(429, [{ name: 'rate', description: `at most ${REVOKES_PER_MINUTE} revocations a minute from one client; try again later` }]);
    let body: z.infer<typeof revokeBody>;
    try {
      const result = revokeBody.safeParse(await c.req.json());
      if (!result.success) throw ApiError.badRequest('body', result.error.issues.map((issue) => issue.message).join('; '));
      body = result.data;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw ApiError.badRequest('body', 'body must be JSON: { pci, signature }');
    }
    const pci = body.pci.toLowerCase() as Hex;
    const candidates = parsed ? [chains.get(evmChainIdOf(parsed.caip2))].filter((chain): chain is ApiChain => chain !== undefined) : chains.all();
    let found: { chain: ApiChain; revoked: boolean } | undefined;
    for (const chain of candidates) {
      if (!(await upstream(chain, chain.client.getCode({ address })))) continue;
      if (!factory || !(await upstream(chain, isStackAccount(chain, address, factory)))) {
        throw ApiError.badRequest('address', `${address} is not a smart account of this stack; its revocations are not relayed`);
      }
      const stored = await upstream(chain, chain.client.readContract({ address, abi: SESSIONS_ABI, functionName: 'getSession', args: [pci] }));
      if (!isAddressEqual(stored.signer, zeroAddress)) {
        found = { chain, revoked: stored.revoked };
        break;
      }
    }
    if (!found) throw new ApiError(404, [{ name: 'pci', description: `${address} has no session ${pci}` }]);
    const { chain } = found;
    const data = revokeWithSignatureData(pci, body.signature as Hex);
    if (found.revoked) return c.json({ success: true, alreadyRevoked: true });
    // A dry run first: a signature that is not the owner's reverts, and then nothing is sent (and nothing paid).
    let gas: bigint;
    try {
      await chain.client.call({ account: relayer, to: address, data, gas: REVOKE_GAS_CAP });
      gas = await chain.client.estimateGas({ account: relayer, to: address, data });
    } catch {
      throw ApiError.badRequest('signature', "the signature is not the account owner's RevokeSession signature for this session");
    }
    if (gas > REVOKE_GAS_CAP) throw ApiError.badRequest('address', `the revocation would cost ${gas} gas, over the relayer's cap of ${REVOKE_GAS_CAP}`);
    const wallet = createWalletClient({ account: relayer, transport: http(chain.rpcUrl, { retryCount: 1, timeout: 20_000 }) });
    const transactionHash = await serially(() => upstream(chain, wallet.sendTransaction({ chain: null, to: address, data, gas: REVOKE_GAS_CAP })));
    const receipt = await upstream(chain, chain.client.waitForTransactionReceipt({ hash: transactionHash, pollingInterval: 100, timeout: 60_000 }));
    if (receipt.status !== 'success') throw new ApiError(502, [{ name: 'sessions', description: `the revocation reverted (transaction ${transactionHash})` }]);
    const revokedAt = Number((await upstream(chain, chain.client.getBlock({ blockNumber: receipt.blockNumber }))).timestamp);
    return c.json({ success: true, transactionHash, revokedAt });
  });
}
