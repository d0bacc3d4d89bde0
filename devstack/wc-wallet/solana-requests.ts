/**
 * How the wallet peer answers Solana session requests (WalletConnect's Solana JSON-RPC reference,
 * https://docs.walletconnect.network/wallet-sdk/chain-support/solana): solana_signMessage (base58 message
 * → { signature }), solana_signTransaction (a base64 wire `transaction`, or the older JSON fields → { signature,
 * transaction? }), solana_signAndSendTransaction (signed, then sent to the chain's RPC → { signature }), and
 * solana_getAccounts / solana_requestAccounts. Signatures are base58, transactions base64, as the reference says.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { Keypair, PublicKey, Transaction, TransactionInstruction, VersionedTransaction } from '@solana/web3.js';
import { solanaDevKeypair } from '../../demo/dev-wallet/solana-keys.js';
import { ProviderError, type SessionRequest } from './requests.js';

export interface SolanaSigner {
  /** base58 */
  address: string;
  keypair: Keypair;
}

/** The Solana account: an index of the dev mnemonic (m/44'/501'/{i}'/0') or a 32-byte ed25519 seed. */
export function solanaSigner(account: number | Uint8Array = 0): SolanaSigner {
  const seed = typeof account === 'number' ? solanaDevKeypair(account).secretKey : account;
  if (seed.length !== 32) throw new Error('wallet peer: a Solana seed must be 32 bytes');
  const keypair = Keypair.fromSeed(seed);
  return { address: keypair.publicKey.toBase58(), keypair };
}

export interface SolanaRequestContext {
  solana: SolanaSigner;
  /** The RPC of a Solana chain (CAIP-2) the peer has, or undefined. */
  solanaRpcUrl(chain: string): string | undefined;
}

function paramObject(method: string, params: unknown): Record<string, unknown> {
  if (!params || typeof params !== 'object' || Array.isArray(params)) throw new ProviderError(-32602, `${method}: params must be an object`);
  return params as Record<string, unknown>;
}

function requireOwnKey(signer: SolanaSigner, method: string, pubkey: unknown): void {
  if (pubkey !== undefined && pubkey !== signer.address) {
    throw new ProviderError(4100, `${method}: the requested account ${String(pubkey)} is not this wallet's account ${signer.address}`);
  }
}

function decodeBase58(method: string, name: string, value: unknown): Uint8Array {
  try {
    if (typeof value === 'string') return base58.decode(value);
  } catch {
    // below
  }
  throw new ProviderError(-32602, `${method}: ${name} must be a base58 string`);
}

function decodeTransaction(method: string, value: unknown): VersionedTransaction {
  if (typeof value !== 'string') throw new ProviderError(-32602, `${method}: transaction must be a base64 string`);
  try {
    return VersionedTransaction.deserialize(Buffer.from(value, 'base64'));
  } catch (err) {
    throw new ProviderError(-32602, `${method}: not a Solana wire transaction (${(err as Error).message})`);
  }
}

/** Signs in this wallet's slot; 4100 when the transaction does not ask for its signature. */
function signVersioned(signer: SolanaSigner, method: string, tx: VersionedTransaction): Uint8Array {
  const { numRequiredSignatures } = tx.message.header;
  const index = tx.message.staticAccountKeys.slice(0, numRequiredSignatures).findIndex((key) => key.equals(signer.keypair.publicKey));
  if (index < 0) throw new ProviderError(4100, `${method}: the transaction does not need the signature of ${signer.address}`);
  tx.sign([signer.keypair]);
  return tx.signatures[index]!;
}

/** The older JSON form: { feePayer, recentBlockhash, instructions: [{ programId, data (base58), keys }], partialSignatures? }. */
function legacyTransaction(method: string, p: Record<string, unknown>): Transaction {
  try {
    const tx = new Transaction({ feePayer: new PublicKey(p.feePayer as string), recentBlockhash: p.recentBlockhash as string });
    for (const ix of p.instructions as { programId: string; data?: string; keys: { pubkey: string; isSigner: boolean; isWritable: boolean }[] }[]) {
      tx.add(new TransactionInstruction({
        programId: new PublicKey(ix.programId),
        data: Buffer.from(ix.data ? base58.decode(ix.data) : []),
        keys: ix.keys.map((k) => ({ pubkey: new PublicKey(k.pubkey), isSigner: k.isSigner, isWritable: k.isWritable })),
      }));
    }
    for (const { pubkey, signature } of (p.partialSignatures ?? []) as { pubkey: string; signature: string }[]) {
      tx.addSignature(new PublicKey(pubkey), Buffer.from(base58.decode(signature)));
    }
    return tx;
  } catch (err) {
    throw new ProviderError(-32602, `${method}: expected transaction (base64) or feePayer, recentBlockhash and instructions (${(err as Error).message})`);
  }
}

async function sendRaw(rpcUrl: string, wire: Uint8Array, sendOptions: unknown): Promise<string> {
  const options = sendOptions && typeof sendOptions === 'object' ? sendOptions : {};
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [Buffer.from(wire).toString('base64'), { ...options, encoding: 'base64' }] }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { code?: number; message?: string } };
  if (body.error) throw new ProviderError(typeof body.error.code === 'number' ? body.error.code : -32603, String(body.error.message ?? 'sendTransaction failed'));
  if (typeof body.result !== 'string') throw new ProviderError(-32603, `${rpcUrl} answered no signature`);
  return body.result;
}

export const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_getAccounts', 'solana_requestAccounts'];

export const isSolanaMethod = (method: string) => method.startsWith('solana_');

/** Answers one Solana request, or throws a ProviderError (4200 for a method the peer does not know). */
export async function answerSolanaRequest(context: SolanaRequestContext, request: SessionRequest): Promise<unknown> {
  const { solana: signer } = context;
  const { method } = request;
  switch (method) {
    case 'solana_getAccounts':
    case 'solana_requestAccounts':
      return [{ pubkey: signer.address }];
    case 'solana_signMessage': {
      const p = paramObject(method, request.params);
      requireOwnKey(signer, method, p.pubkey);
      const message = decodeBase58(method, 'message', p.message);
      return { signature: base58.encode(ed25519.sign(message, signer.keypair.secretKey.slice(0, 32))) };
    }
    case 'solana_signTransaction': {
      const p = paramObject(method, request.params);
      if (p.transaction === undefined) {
        const tx = legacyTransaction(method, p);
        if (!tx.feePayer?.equals(signer.keypair.publicKey) && !tx.instructions.some((ix) => ix.keys.some((k) => k.isSigner && k.pubkey.equals(signer.keypair.publicKey)))) {
          throw new ProviderError(4100, `${method}: the transaction does not need the signature of ${signer.address}`);
        }
        tx.partialSign(signer.keypair);
        const own = tx.signatures.find((s) => s.publicKey.equals(signer.keypair.publicKey))!.signature!;
        return { signature: base58.encode(own) };
      }
      const tx = decodeTransaction(method, p.transaction);
      const signature = signVersioned(signer, method, tx);
      return { signature: base58.encode(signature), transaction: Buffer.from(tx.serialize()).toString('base64') };
    }
    case 'solana_signAndSendTransaction': {
      const p = paramObject(method, request.params);
      const rpcUrl = context.solanaRpcUrl(request.chainId);
      if (!rpcUrl) throw new ProviderError(4901, `This wallet has no RPC for ${request.chainId}`);
      const tx = decodeTransaction(method, p.transaction);
      signVersioned(signer, method, tx);
      const sent = await sendRaw(rpcUrl, tx.serialize(), p.sendOptions);
      const id = base58.encode(tx.signatures[0]!);
      if (sent !== id) throw new ProviderError(-32603, `${rpcUrl} answered signature ${sent}, expected ${id}`);
      return { signature: sent };
    }
    default:
      throw new ProviderError(4200, `Unsupported method: ${method}`);
  }
}
