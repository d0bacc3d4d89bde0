// What a prompt says: one human sentence per kind of request.
import { formatEther, hexToBytes, isHex } from 'viem';
import type { DevWalletChain } from './types.js';

export const describeConnect = (host: string) => `Connect to ${host}`;

export const describeSwitch = (chainId: number, name?: string) =>
  `Switch to chain ${chainId}${name ? ` (${name})` : ''}`;

export const describeAddChain = ({ chainId, name, rpcUrl }: DevWalletChain) =>
  `Add network ${name ? `"${name}" ` : ''}(chain ${chainId}, ${rpcUrl})`;

/** personal_sign data is hex; show it as text when it is printable UTF-8, else as hex. */
export function messageText(data: string): string {
  if (!isHex(data)) return data;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(data));
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? data : text;
  } catch {
    return data;
  }
}

export const describeMessage = (data: string) => `Sign message: ${messageText(data)}`;

export function describeTypedData(typed: { primaryType?: unknown; domain?: { name?: unknown }; message?: unknown }) {
  const app = typeof typed.domain?.name === 'string' ? ` for ${typed.domain.name}` : '';
  return `Sign typed data: ${String(typed.primaryType)}${app}\n${JSON.stringify(typed.message ?? {}, null, 2)}`;
}

export function describeTransaction(tx: { to?: string | null; value?: bigint; data?: string }) {
  const amount = `${formatEther(tx.value ?? 0n)} ETH`;
  const bytes = tx.data && tx.data !== '0x' ? (tx.data.length - 2) / 2 : 0;
  const payload = bytes ? ` with ${bytes} bytes of data` : '';
  return tx.to ? `Send ${amount} to ${tx.to}${payload}` : `Deploy a contract with ${amount}${payload}`;
}
