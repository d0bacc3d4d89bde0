/**
 * How the wallet peer answers a session request, with a viem local account: the signing methods, sending
 * on the chain's own RPC (anvil), the chain switch, and the read-only account and chain queries. Failures
 * are ProviderErrors with EIP-1193 / EIP-1474 codes, which the peer sends back as the JSON-RPC error.
 */
import {
  createWalletClient,
  defineChain,
  hexToBigInt,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  type Hex,
  type LocalAccount,
  type TypedDataDefinition,
} from 'viem';

export class ProviderError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export const USER_REJECTED = { code: 4001, message: 'User rejected the request.' } as const;

export interface RequestContext {
  account: LocalAccount;
  /** The RPC of an EVM chain the peer has, or undefined. */
  rpcUrl(chainId: number): string | undefined;
  /** Makes `chainId` the session's current chain and tells the dapp (`chainChanged`). */
  switchChain(topic: string, chainId: number): Promise<void>;
  /** Learns a chain from wallet_addEthereumChain (loopback RPCs only). */
  addChain(chainId: number, rpcUrl: string): void;
}

export interface SessionRequest {
  topic: string;
  method: string;
  params: unknown;
  /** CAIP-2, as the dapp addressed the request. */
  chainId: string;
}

function paramList(params: unknown): unknown[] {
  if (params === undefined) return [];
  if (!Array.isArray(params)) throw new ProviderError(-32602, 'params must be an array');
  return params;
}

/** `eip155:31337`, `0x7a69` or `31337` → 31337. */
export function parseChainId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.startsWith('eip155:') ? value.slice('eip155:'.length) : value;
  if (!/^(0x[0-9a-f]+|\d+)$/i.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function requireOwnAddress(account: LocalAccount, value: unknown): void {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }) || !isAddressEqual(value, account.address)) {
    throw new ProviderError(4100, `The requested account ${String(value)} is not this wallet's account ${account.address}`);
  }
}

const isAddressLike = (value: unknown): value is string => typeof value === 'string' && isAddress(value, { strict: false });

async function personalSign(account: LocalAccount, params: unknown[]): Promise<Hex> {
  // [message, address]; some dapps still send the legacy [address, message] order.
  let [message, address] = params;
  if (isAddressLike(message) && !isAddressLike(address)) [message, address] = [address, message];
  requireOwnAddress(account, address);
  if (typeof message !== 'string') throw new ProviderError(-32602, 'personal_sign: the message must be a string');
  return account.signMessage({ message: isHex(message) ? { raw: message } : message });
}

async function signTypedDataV4(account: LocalAccount, params: unknown[]): Promise<Hex> {
  // [address, typedData]; tolerate the reversed order too.
  let [address, data] = params;
  if (!isAddressLike(address) && isAddressLike(data)) [address, data] = [data, address];
  requireOwnAddress(account, address);
  let typed: unknown = data;
  if (typeof data === 'string') {
    try {
      typed = JSON.parse(data);
    } catch {
      throw new ProviderError(-32602, 'eth_signTypedData_v4: the typed data is not valid JSON');
    }
  }
  if (!typed || typeof typed !== 'object') throw new ProviderError(-32602, 'eth_signTypedData_v4: typed data expected');
  const { domain, types, primaryType, message } = typed as Record<string, unknown>;
  if (!types || typeof types !== 'object' || typeof primaryType !== 'string') throw new ProviderError(-32602, 'eth_signTypedData_v4: types and primaryType are required');
  // The dapp's own EIP712Domain type, when given, is what the hash uses (viem lets it override its default).
  return account.signTypedData({ domain: domain ?? {}, types, primaryType, message: message ?? {} } as TypedDataDefinition);
}

const quantity = (value: unknown, name: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && isHex(value)) return hexToBigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw new ProviderError(-32602, `eth_sendTransaction: ${name} must be a hex quantity`);
};

async function sendTransaction(context: RequestContext, request: SessionRequest, params: unknown[]): Promise<Hex> {
  const tx = params[0];
  if (!tx || typeof tx !== 'object') throw new ProviderError(-32602, 'eth_sendTransaction: a transaction object is required');
  const fields = tx as Record<string, unknown>;
  if (fields.from !== undefined) requireOwnAddress(context.account, fields.from);
  const chainId = parseChainId(request.chainId);
  const rpcUrl = chainId === undefined ? undefined : context.rpcUrl(chainId);
  if (chainId === undefined || !rpcUrl) throw new ProviderError(4901, `This wallet has no RPC for ${request.chainId}`);
  if (fields.to !== undefined && fields.to !== null && !isAddressLike(fields.to)) throw new ProviderError(-32602, 'eth_sendTransaction: to must be an address');
  const data = fields.data ?? fields.input;
  if (data !== undefined && (typeof data !== 'string' || !isHex(data))) throw new ProviderError(-32602, 'eth_sendTransaction: data must be hex');
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createWalletClient({ account: context.account, chain, transport: http(rpcUrl) });
  const nonce = quantity(fields.nonce, 'nonce');
  const gasPrice = quantity(fields.gasPrice, 'gasPrice');
  const maxFeePerGas = quantity(fields.maxFeePerGas, 'maxFeePerGas');
  const maxPriorityFeePerGas = quantity(fields.maxPriorityFeePerGas, 'maxPriorityFeePerGas');
  const request_ = {
    to: (fields.to as Hex | undefined) ?? undefined,
    value: quantity(fields.value, 'value'),
    data: data as Hex | undefined,
    gas: quantity(fields.gas, 'gas'),
    ...(nonce !== undefined ? { nonce: Number(nonce) } : {}),
    ...(gasPrice !== undefined && maxFeePerGas === undefined ? { gasPrice } : {}),
    ...(maxFeePerGas !== undefined ? { maxFeePerGas } : {}),
    ...(maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas } : {}),
  };
  return client.sendTransaction(request_ as Parameters<typeof client.sendTransaction>[0]);
}

async function switchChain(context: RequestContext, request: SessionRequest, params: unknown[]): Promise<null> {
  const target = params[0] as { chainId?: unknown } | undefined;
  const chainId = parseChainId(target?.chainId);
  if (chainId === undefined) throw new ProviderError(-32602, 'wallet_switchEthereumChain: params[0].chainId must be a hex chain id');
  if (!context.rpcUrl(chainId)) throw new ProviderError(4902, 'Unrecognized chain ID');
  await context.switchChain(request.topic, chainId);
  return null;
}

function addChain(context: RequestContext, params: unknown[]): null {
  const spec = params[0] as { chainId?: unknown; rpcUrls?: unknown } | undefined;
  const chainId = parseChainId(spec?.chainId);
  if (chainId === undefined) throw new ProviderError(-32602, 'wallet_addEthereumChain: params[0].chainId must be a hex chain id');
  if (context.rpcUrl(chainId)) return null;
  const rpcUrl = Array.isArray(spec?.rpcUrls) ? spec.rpcUrls.find((url): url is string => typeof url === 'string' && /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/.test(url)) : undefined;
  // An offline test wallet: only chains on this machine.
  if (!rpcUrl) throw new ProviderError(4200, 'This wallet only adds chains with a loopback RPC URL');
  context.addChain(chainId, rpcUrl);
  return null;
}

/** Answers one request, or throws a ProviderError (4200 for a method the peer does not know). */
export async function answerRequest(context: RequestContext, request: SessionRequest): Promise<unknown> {
  const params = paramList(request.params);
  switch (request.method) {
    case 'personal_sign':
      return personalSign(context.account, params);
    case 'eth_signTypedData_v4':
      return signTypedDataV4(context.account, params);
    case 'eth_sendTransaction':
      return sendTransaction(context, request, params);
    case 'wallet_switchEthereumChain':
      return switchChain(context, request, params);
    case 'wallet_addEthereumChain':
      return addChain(context, params);
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [context.account.address];
    case 'eth_chainId': {
      const chainId = parseChainId(request.chainId);
      if (chainId === undefined) throw new ProviderError(4901, `Not an EVM chain: ${request.chainId}`);
      return `0x${chainId.toString(16)}`;
    }
    default:
      throw new ProviderError(4200, `Unsupported method: ${request.method}`);
  }
}
