/**
 * The EVM methods of the secure frame: personal_sign, eth_sign, eth_signTypedData_v4, eth_sendTransaction.
 * Each validates the request, decodes what ApproveTransaction shows from the request itself (ERC-20 symbol
 * and decimals read on the service's own RPC), and returns the signing to run on Approve.
 */
import {
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  defineChain,
  erc20Abi,
  formatUnits,
  hexToString,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  maxUint160,
  maxUint256,
  validateTypedData,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import { openEvmAccount } from './keys.js';
import { evmChainName, evmNetwork, parseEvmChainId, type EvmNetwork } from './networks.js';
import { SignError } from './sign-error.js';
import { smartAccountOf, smartNetwork, smartNetworks, type SmartNetwork } from './smart-account.js';
import { userOperation } from './user-operation.js';
import type { Filed, MethodHandler, SignContext, SignDisplay, Words } from './signing.js';

/**
 * What makes a text not shown as text: control characters (C0 but tab and line breaks, DEL, C1) and the bidi
 * embedding, override and isolate controls, which make a text read otherwise than its characters run.
 */
export const UNPRINTABLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Text when `hex` is printable UTF-8, else undefined. */
export function decodeText(hex: Hex): string | undefined {
  try {
    const text = hexToString(hex);
    // hexToString replaces invalid sequences; a round trip tells real text from binary.
    if (new TextEncoder().encode(text).length * 2 !== hex.length - 2) return undefined;
    return UNPRINTABLE.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}

/** Who signs: the embedded key (EOA) or, on a network with smart accounts, the smart account it owns. */
interface Signer {
  address: Address;
  /** Set when the smart account signs. */
  smart?: SmartNetwork;
}

/**
 * The account a request names (`named`), which must be the EOA or its smart account (4100 otherwise); a request
 * naming none is the chosen account type's. The smart account's network is the request's chain, or for a message
 * (no chain) the first with smart accounts (the account has the same address on each: one factory, one salt).
 */
async function signerOf(ctx: SignContext, named: unknown, chainId: unknown = ctx.chainId): Promise<Signer> {
  const eoa = ctx.user.evmAddress as Address;
  const network = chainId === undefined ? smartNetworks(ctx.networks)[0] : smartNetwork(ctx.networks, chainId);
  const smart = network ? await (await smartAccountOf(ctx.masterKey, ctx.user, network)).getAddress() : undefined;
  if (named === undefined) return ctx.accountType === 'smartAccount' && smart && network ? { address: smart, smart: network } : { address: eoa };
  if (typeof named === 'string' && isAddress(named, { strict: false })) {
    if (isAddressEqual(named, eoa)) return { address: eoa };
    if (smart && network && isAddressEqual(named, smart)) return { address: smart, smart: network };
  }
  throw new SignError(4100, 'The requested account is not the embedded wallet');
}

/** personal_sign [message, address] and eth_sign [address, message]: an EIP-191 signed message. */
function messageHandler(method: 'personal_sign' | 'eth_sign'): MethodHandler {
  return async (ctx, params) => {
    const shape = method === 'personal_sign' ? '[message, address]' : '[address, message]';
    if (!Array.isArray(params) || typeof params[0] !== 'string' || typeof params[1] !== 'string') throw new SignError(-32602, `${method} expects ${shape}`);
    const [message, address] = (method === 'personal_sign' ? params : [params[1], params[0]]) as [string, string];
    const signer = await signerOf(ctx, address);
    const raw = isHex(message);
    const display: SignDisplay = { method, message: (raw ? decodeText(message) : undefined) ?? message, address: signer.address };
    const text = raw ? { raw: message } : message;
    // The smart account signs for ERC-1271 (ERC-6492 around it until it is deployed); the EOA with its key.
    const sign = signer.smart
      ? async () => (await smartAccountOf(ctx.masterKey, ctx.user, signer.smart!)).signMessage({ message: text })
      : () => openEvmAccount(ctx.masterKey, ctx.user.id, ctx.user.evmKeySealed).signMessage({ message: text });
    return { display, sign };
  };
}

const show = (value: unknown): string => (typeof value === 'bigint' ? value.toString() : typeof value === 'string' ? value : JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));

type TypedFields = Record<string, readonly { name: string; type: string }[]>;

const invalidTyped = (reason: string) => new SignError(-32602, `Invalid typed data: ${reason}`);

/** The most fields a typed-data request may show (the frame lists each), and how deep structs and arrays may nest. */
const MAX_TYPED_FIELDS = 500;
const MAX_TYPED_DEPTH = 16;
/** The allowance amounts that mean "no limit": ERC-20 / EIP-2612 values (uint256) and Permit2 amounts (uint160). */
const UNLIMITED: Record<string, bigint> = { uint256: maxUint256, uint160: maxUint160 };

/**
 * The message as [path, value] rows, walked from its types only (nested structs `to.wallet`, arrays `items[0]`):
 * a field the types do not name would be shown but not signed, so it is refused, as is a named field left out.
 * Integers read as the signer reads them (BigInt), in decimal; an allowance's maximum reads "Unlimited".
 */
function typedRows(types: TypedFields, type: string, value: unknown, path: string, rows: [string, string | Words][], depth = 0): void {
  if (depth > MAX_TYPED_DEPTH) throw invalidTyped(`${path} nests too deep`);
  const array = /^(.+)\[(\d*)\]$/.exec(type);
  if (array) {
    if (!Array.isArray(value)) throw invalidTyped(`${path} is not an array`);
    if (array[2] !== '' && value.length !== Number(array[2])) throw invalidTyped(`${path} must have ${array[2]} items`);
    value.forEach((item, index) => typedRows(types, array[1]!, item, `${path}[${index}]`, rows, depth + 1));
    return;
  }
  const struct = Object.hasOwn(types, type) ? types[type] : undefined;
  if (struct) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalidTyped(`${path || 'the message'} is not a ${type}`);
    const fields = value as Record<string, unknown>;
    for (const key of Object.keys(fields)) if (!struct.some((field) => field.name === key)) throw invalidTyped(`${type} has no field ${key}${path ? ` (${path}.${key})` : ''}`);
    for (const field of struct) {
      const at = path ? `${path}.${field.name}` : field.name;
      if (fields[field.name] === undefined || fields[field.name] === null) throw invalidTyped(`${at} is missing`);
      typedRows(types, field.type, fields[field.name], at, rows, depth + 1);
    }
    return;
  }
  if (rows.length >= MAX_TYPED_FIELDS) throw invalidTyped(`more than ${MAX_TYPED_FIELDS} fields`);
  if (/^u?int\d*$/.test(type)) {
    let number: bigint;
    try {
      if (typeof value !== 'number' && typeof value !== 'bigint' && (typeof value !== 'string' || value.trim() === '')) throw new Error('not a number');
      number = BigInt(value);
    } catch {
      throw invalidTyped(`${path} is not an integer`);
    }
    rows.push([path, UNLIMITED[type] === number ? { id: 'value.unlimited' } : number.toString()]);
    return;
  }
  rows.push([path, show(value)]);
}

/** The domain fields EIP-712 defines, with their types: any other domain field is refused (it would not be signed). */
const DOMAIN_FIELDS: Record<string, string> = { name: 'string', version: 'string', chainId: 'uint256', verifyingContract: 'address', salt: 'bytes32' };

/** Refuses a domain with fields beyond EIP-712's, or that its EIP712Domain type (when given) describes otherwise. */
function checkDomain(domain: unknown, declared: unknown): void {
  if (domain === undefined) return;
  if (!domain || typeof domain !== 'object' || Array.isArray(domain)) throw invalidTyped('the domain is not an object');
  const present = Object.entries(domain).filter(([, value]) => value !== undefined && value !== null).map(([key]) => key);
  for (const key of present) if (!Object.hasOwn(DOMAIN_FIELDS, key)) throw invalidTyped(`the domain has a field ${key} that is not signed`);
  if (declared === undefined) return;
  const fields = Array.isArray(declared) ? (declared as { name?: unknown; type?: unknown }[]) : [];
  const matches =
    Array.isArray(declared) &&
    fields.length === present.length &&
    fields.every((field) => typeof field?.name === 'string' && present.includes(field.name) && DOMAIN_FIELDS[field.name] === field.type);
  if (!matches) throw invalidTyped('the domain and its EIP712Domain type name different fields');
}

const signTypedData: MethodHandler = async (ctx, params) => {
  if (!Array.isArray(params) || typeof params[0] !== 'string' || (typeof params[1] !== 'string' && typeof params[1] !== 'object')) {
    throw new SignError(-32602, 'eth_signTypedData_v4 expects [address, typedData]');
  }
  const signer = await signerOf(ctx, params[0]);
  let typed: { types?: Record<string, unknown>; domain?: Record<string, unknown>; primaryType?: unknown; message?: unknown };
  try {
    typed = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1];
  } catch {
    throw new SignError(-32602, 'The typed data is not JSON');
  }
  if (!typed || typeof typed !== 'object' || !typed.types || typeof typed.primaryType !== 'string' || !typed.message || typeof typed.message !== 'object') {
    throw new SignError(-32602, 'The typed data needs types, primaryType and message');
  }
  if (typed.primaryType === 'EIP712Domain') throw invalidTyped('the primary type must be a struct of the message, not EIP712Domain');
  checkDomain(typed.domain, typed.types.EIP712Domain);
  const { EIP712Domain: _domainType, ...types } = typed.types;
  const definition = { domain: typed.domain ?? {}, types, primaryType: typed.primaryType, message: typed.message } as unknown as TypedDataDefinition;
  try {
    validateTypedData(definition);
  } catch (err) {
    throw new SignError(-32602, `Invalid typed data: ${err instanceof Error ? (err as { shortMessage?: string }).shortMessage ?? err.message : String(err)}`);
  }
  const domain: [string, string][] = [];
  for (const key of ['name', 'version', 'chainId', 'verifyingContract', 'salt'] as const) {
    const value = typed.domain?.[key];
    if (value === undefined || value === null) continue;
    const id = key === 'chainId' ? parseEvmChainId(typeof value === 'number' ? value : String(value)) : undefined;
    domain.push([key, id !== undefined ? evmChainName(ctx.networks, id) : show(value)]);
  }
  const fields: [string, string | Words][] = [];
  typedRows(types as TypedFields, typed.primaryType, typed.message, '', fields);
  const chainId = typed.domain?.chainId === undefined ? undefined : parseEvmChainId(typeof typed.domain.chainId === 'number' ? typed.domain.chainId : String(typed.domain.chainId));
  const display: SignDisplay = {
    method: 'eth_signTypedData_v4',
    address: signer.address,
    ...(chainId !== undefined ? { network: evmChainName(ctx.networks, chainId) } : {}),
    typedData: { domain, primaryType: typed.primaryType, fields },
  };
  const sign = signer.smart
    ? async () => (await smartAccountOf(ctx.masterKey, ctx.user, signer.smart!)).signTypedData(definition)
    : () => openEvmAccount(ctx.masterKey, ctx.user.id, ctx.user.evmKeySealed).signTypedData(definition);
  return { display, sign };
};

const quantity = (value: unknown, name: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw new SignError(-32602, `${name} must be a hex quantity`);
  return BigInt(value);
};

const clients = (network: EvmNetwork) => {
  const chain = defineChain({ id: network.chainId, name: network.name, nativeCurrency: { name: network.symbol ?? 'ETH', symbol: network.symbol ?? 'ETH', decimals: 18 }, rpcUrls: { default: { http: [network.rpcUrl] } } });
  const transport = http(network.rpcUrl, { retryCount: 1, timeout: 20_000 });
  return { chain, transport, client: createPublicClient({ chain, transport }) };
};

/** "1.5 ETH": exact, no trailing zeros. */
const amountText = (value: bigint, decimals: number, symbol: string): string => `${formatUnits(value, decimals)} ${symbol}`;

/** What ApproveTransaction shows for a transaction (the fee aside): a transfer, an approval, a call or a deployment. */
async function describe(client: ReturnType<typeof clients>['client'], network: EvmNetwork, { to, value, data, from }: { to: Address | undefined; value: bigint; data: Hex; from: Address }): Promise<SignDisplay> {
  const symbol = network.symbol ?? 'ETH';
  const display: SignDisplay = { method: 'eth_sendTransaction', address: from, network: network.name };
  if (!to) return Object.assign(display, { action: 'deploy', amount: amountText(value, 18, symbol), data });
  if (data === '0x') return Object.assign(display, { action: 'send', recipient: to, amount: amountText(value, 18, symbol) });
  let decoded: { functionName: string; args: readonly unknown[] } | undefined;
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data }) as { functionName: string; args: readonly unknown[] };
  } catch {
    decoded = undefined;
  }
  if (decoded && value === 0n && (decoded.functionName === 'transfer' || decoded.functionName === 'approve')) {
    const [symbolRead, decimals] = await Promise.all([
      client.readContract({ address: to, abi: erc20Abi, functionName: 'symbol' }),
      client.readContract({ address: to, abi: erc20Abi, functionName: 'decimals' }),
    ]).catch(() => {
      throw new SignError(-32602, `${to} on ${network.name} is not an ERC-20 token (no symbol or decimals)`);
    });
    const [who, amount] = decoded.args as [Address, bigint];
    const unlimited = decoded.functionName === 'approve' && amount === maxUint256;
    return Object.assign(display, { action: decoded.functionName === 'transfer' ? 'send' : 'approve', recipient: who, amount: unlimited ? { id: 'value.unlimitedOf', values: { symbol: symbolRead } } : amountText(amount, decimals, symbolRead), token: to });
  }
  return Object.assign(display, { action: 'call', recipient: to, amount: amountText(value, 18, symbol), data });
}

const sendTransaction: MethodHandler = async (ctx, params) => {
  const tx = Array.isArray(params) ? (params[0] as Record<string, unknown> | undefined) : undefined;
  if (!tx || typeof tx !== 'object') throw new SignError(-32602, 'eth_sendTransaction expects [transaction]');
  const network = evmNetwork(ctx.networks, tx.chainId ?? ctx.chainId);
  if (tx.chainId !== undefined && ctx.chainId !== undefined && parseEvmChainId(tx.chainId) !== parseEvmChainId(ctx.chainId)) {
    throw new SignError(-32602, 'The transaction is for another chain than the request');
  }
  const signer = await signerOf(ctx, tx.from ?? undefined, network.chainId);
  if (tx.to !== undefined && tx.to !== null && (typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false }))) throw new SignError(-32602, 'to must be an address');
  if (tx.data !== undefined && tx.data !== null && (typeof tx.data !== 'string' || !isHex(tx.data))) throw new SignError(-32602, 'data must be hex');
  const to = (tx.to ?? undefined) as Address | undefined;
  const data = ((tx.data ?? tx.input ?? '0x') as Hex).toLowerCase() as Hex;
  const value = quantity(tx.value, 'value') ?? 0n;
  const givenGas = quantity(tx.gas, 'gas');
  const symbol = network.symbol ?? 'ETH';
  const from = signer.address;
  const { chain, transport, client } = clients(network);
  const display = await describe(client, network, { to, value, data, from });
  if (signer.smart) {
    if (!to) throw new SignError(-32602, 'A smart account does not deploy contracts by eth_sendTransaction');
    return userOperation(ctx, signer.smart, { to, value, data }, display);
  }

  // The fee the visitor approves is the fee the transaction may cost at most: gas limit × max fee per gas.
  let gas: bigint;
  try {
    gas = givenGas ?? (await client.estimateGas({ account: from, ...(to ? { to } : {}), value, data }));
  } catch (err) {
    throw new SignError(-32603, `The transaction would fail: ${(err as { shortMessage?: string }).shortMessage ?? String(err)}`);
  }
  const fees = await client.estimateFeesPerGas().catch(async () => ({ gasPrice: await client.getGasPrice() }) as { gasPrice: bigint; maxFeePerGas?: undefined; maxPriorityFeePerGas?: undefined });
  const perGas = fees.maxFeePerGas ?? (fees as { gasPrice: bigint }).gasPrice;
  display.fee = amountText(gas * perGas, 18, symbol);

  const sign = async (): Promise<Hex> => {
    const account = openEvmAccount(ctx.masterKey, ctx.user.id, ctx.user.evmKeySealed);
    const wallet = createWalletClient({ account, chain, transport });
    const feeFields = fees.maxFeePerGas !== undefined ? { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas } : { gasPrice: (fees as { gasPrice: bigint }).gasPrice };
    try {
      return await wallet.sendTransaction({ chain, ...(to ? { to } : {}), value, data, gas, ...feeFields } as Parameters<typeof wallet.sendTransaction>[0]);
    } catch (err) {
      throw new SignError(-32603, `Sending the transaction failed: ${(err as { shortMessage?: string }).shortMessage ?? String(err)}`);
    }
  };
  return { display, sign } satisfies Filed;
};

export const EVM_METHODS = {
  personal_sign: messageHandler('personal_sign'),
  eth_sign: messageHandler('eth_sign'),
  eth_signTypedData_v4: signTypedData,
  eth_sendTransaction: sendTransaction,
} satisfies Record<string, MethodHandler>;
