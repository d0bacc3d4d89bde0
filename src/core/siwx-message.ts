/**
 * Sign-in messages (docs/specification.md#data "Sign-in message"), built and parsed for both layouts the widget and the
 * sign-in backend (server/auth/) share:
 *
 * - `eip155:*` chains: EIP-4361 ("Sign-In with Ethereum"), byte for byte what viem's `createSiweMessage`
 *   produces (test/node/siwx-message.test.ts checks it against viem), `Chain ID` is the numeric reference.
 * - `solana:*` chains: the CAIP-122 "Sign in with Solana" layout of the hosted system (docs/wire-formats.md#sign-in):
 *   the same lines, no `scheme://`, `Chain ID` is the full CAIP-2 id, one blank line (not two) after the
 *   address when there is no statement.
 *
 * Pure (no DOM, no chain SDK): the parser is strict (every line in its place, nothing left over), so what
 * the server checks is exactly what the wallet showed. Statements with a line break are refused.
 */
import { isEvmAddress, parseCaip2, type Caip2 } from './caip.js';
import { base58Decode } from './base58.js';

export interface SiwxMessageData {
  /** RFC 3986 authority of the site asking: host[:port]. */
  domain: string;
  accountAddress: string;
  /** CAIP-2: `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chainId: Caip2;
  /** The site's URI the signature is for. */
  uri: string;
  version: '1';
  /** At least 8 letters or digits. */
  nonce: string;
  statement?: string;
  /** RFC 3339 date-times, kept as written. */
  issuedAt?: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
  /** EIP-4361 only: `https` in `https://example.com wants you to sign in…`. */
  scheme?: string;
}

export class SiwxMessageError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`Invalid sign-in message: ${message}`);
    this.name = 'SiwxMessageError';
  }
}

type Layout = { account: 'Ethereum' | 'Solana'; namespace: 'eip155' | 'solana' };
const EVM: Layout = { account: 'Ethereum', namespace: 'eip155' };
const SOLANA: Layout = { account: 'Solana', namespace: 'solana' };

const DOMAIN = /^[a-zA-Z0-9.\-[\]:]+$/;
const NONCE = /^[a-zA-Z0-9]{8,}$/;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+\-.]*$/;
/** A URI: a scheme, then no whitespace. */
const URI = /^[a-zA-Z][a-zA-Z0-9+\-.]*:\S+$/;
/** RFC 3339 date-time (the `date-time` of EIP-4361's ABNF). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const HEADER = /^(?:([a-zA-Z][a-zA-Z0-9+\-.]*):\/\/)?(\S+) wants you to sign in with your (Ethereum|Solana) account:$/;

function layoutOf(chainId: string): Layout {
  const namespace = parseCaip2(chainId)?.namespace;
  if (namespace === 'eip155') return EVM;
  if (namespace === 'solana') return SOLANA;
  throw new SiwxMessageError('chainId', `chain ${JSON.stringify(chainId)} is neither eip155 nor solana`);
}

const isSolanaAddress = (value: string): boolean => base58Decode(value)?.length === 32;

function check(ok: boolean, field: string, message: string): void {
  if (!ok) throw new SiwxMessageError(field, message);
}

function checkData(data: SiwxMessageData, layout: Layout): void {
  check(DOMAIN.test(data.domain), 'domain', `domain ${JSON.stringify(data.domain)} is not an RFC 3986 authority`);
  if (layout === EVM) check(isEvmAddress(data.accountAddress), 'accountAddress', `${JSON.stringify(data.accountAddress)} is not an EVM address`);
  else check(isSolanaAddress(data.accountAddress), 'accountAddress', `${JSON.stringify(data.accountAddress)} is not a Solana address`);
  const reference = parseCaip2(data.chainId)?.reference ?? '';
  if (layout === EVM) check(/^[1-9]\d*$/.test(reference), 'chainId', `${data.chainId} has no EIP-155 chain number`);
  check(URI.test(data.uri), 'uri', `URI ${JSON.stringify(data.uri)} is not an RFC 3986 URI`);
  check(data.version === '1', 'version', `version must be '1'`);
  check(NONCE.test(data.nonce), 'nonce', 'the nonce must be at least 8 letters or digits');
  if (data.statement !== undefined) check(!/[\r\n]/.test(data.statement), 'statement', 'the statement must not contain a line break');
  if (data.scheme !== undefined) {
    check(layout === EVM, 'scheme', 'only EIP-4361 messages carry a scheme');
    check(SCHEME.test(data.scheme), 'scheme', `scheme ${JSON.stringify(data.scheme)} is not an RFC 3986 scheme`);
  }
  if (layout === EVM) check(data.issuedAt !== undefined, 'issuedAt', 'EIP-4361 messages need Issued At');
  for (const field of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const value = data[field];
    if (value !== undefined) check(DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)), field, `${field} ${JSON.stringify(value)} is not an RFC 3339 date-time`);
  }
  if (data.requestId !== undefined) check(!/[\r\n]/.test(data.requestId), 'requestId', 'the request id must not contain a line break');
  for (const resource of data.resources ?? []) check(URI.test(resource), 'resources', `resource ${JSON.stringify(resource)} is not an RFC 3986 URI`);
}

/** The message text the wallet signs. Throws SiwxMessageError for a field the layout cannot carry. */
export function createSiwxMessage(data: SiwxMessageData): string {
  const layout = layoutOf(data.chainId);
  checkData(data, layout);
  const origin = data.scheme ? `${data.scheme}://${data.domain}` : data.domain;
  const chain = layout === EVM ? parseCaip2(data.chainId)!.reference : data.chainId;
  const lines = [`${origin} wants you to sign in with your ${layout.account} account:`, data.accountAddress, ''];
  // EIP-4361's ABNF is `address LF LF [statement LF] LF`: two blank lines when there is no statement. The
  // Solana layout has one blank line, or blank, statement, blank.
  if (data.statement) lines.push(data.statement, '');
  else if (layout === EVM) lines.push('');
  lines.push(`URI: ${data.uri}`, `Version: ${data.version}`, `Chain ID: ${chain}`, `Nonce: ${data.nonce}`);
  if (data.issuedAt) lines.push(`Issued At: ${data.issuedAt}`);
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`);
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`);
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`);
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((resource) => `- ${resource}`));
  return lines.join('\n');
}

/** Reads a message back into its fields; every line must be where the layout puts it, nothing may follow. */
export function parseSiwxMessage(text: string): SiwxMessageData {
  const lines = text.split('\n');
  let at = 0;
  const next = (): string | undefined => lines[at++];
  const header = HEADER.exec(next() ?? '');
  if (!header) throw new SiwxMessageError('domain', 'the first line must be "<domain> wants you to sign in with your Ethereum|Solana account:"');
  const [, scheme, domain, account] = header as unknown as [string, string | undefined, string, 'Ethereum' | 'Solana'];
  const layout = account === 'Ethereum' ? EVM : SOLANA;
  const accountAddress = next() ?? '';
  check(next() === '', 'statement', 'a blank line must follow the address');
  let statement: string | undefined;
  if (layout === EVM && lines[at] === '') at++;
  else if (!(lines[at] ?? '').startsWith('URI: ')) {
    statement = next();
    check(next() === '', 'statement', 'the statement must be one line followed by a blank line');
  }
  const field = (label: string, name: string, optional = false): string | undefined => {
    const line = lines[at];
    if (line?.startsWith(`${label}: `)) {
      at++;
      return line.slice(label.length + 2);
    }
    check(optional, name, `"${label}:" is missing or out of place`);
    return undefined;
  };
  const uri = field('URI', 'uri')!;
  const version = field('Version', 'version')!;
  const chain = field('Chain ID', 'chainId')!;
  const nonce = field('Nonce', 'nonce')!;
  const issuedAt = field('Issued At', 'issuedAt', true);
  const expirationTime = field('Expiration Time', 'expirationTime', true);
  const notBefore = field('Not Before', 'notBefore', true);
  const requestId = field('Request ID', 'requestId', true);
  let resources: string[] | undefined;
  if (lines[at] === 'Resources:') {
    at++;
    resources = [];
    while (lines[at]?.startsWith('- ')) resources.push(next()!.slice(2));
  }
  check(at === lines.length, 'message', `unexpected line ${JSON.stringify(lines[at])}`);

  let chainId: Caip2;
  if (layout === EVM) {
    check(/^[1-9]\d*$/.test(chain), 'chainId', `Chain ID ${JSON.stringify(chain)} is not an EIP-155 chain number`);
    chainId = `eip155:${chain}`;
  } else {
    check(parseCaip2(chain)?.namespace === 'solana', 'chainId', `Chain ID ${JSON.stringify(chain)} is not a solana CAIP-2 id`);
    chainId = chain as Caip2;
  }
  check(version === '1', 'version', `version must be '1'`);
  const data: SiwxMessageData = { domain, accountAddress, chainId, uri, version: '1', nonce };
  if (statement !== undefined) data.statement = statement;
  if (issuedAt !== undefined) data.issuedAt = issuedAt;
  if (expirationTime !== undefined) data.expirationTime = expirationTime;
  if (notBefore !== undefined) data.notBefore = notBefore;
  if (requestId !== undefined) data.requestId = requestId;
  if (resources !== undefined) data.resources = resources;
  if (scheme !== undefined) data.scheme = scheme;
  checkData(data, layout);
  return data;
}
