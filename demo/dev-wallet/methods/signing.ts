// Off-chain signatures: personal_sign (EIP-191) and eth_signTypedData_v4 (EIP-712), with the local account.
import { isAddress, isHex, type TypedDataDefinition } from 'viem';
import { describeMessage, describeTypedData } from '../describe.js';
import { invalidParams, unsupportedMethod } from '../errors.js';
import type { MethodTable } from './context.js';
import { paramList, requireAccount } from './params.js';

function parseTypedData(value: unknown): TypedDataDefinition {
  let typed = value;
  if (typeof value === 'string') {
    try {
      typed = JSON.parse(value);
    } catch {
      throw invalidParams('typed data is not valid JSON');
    }
  }
  const t = typed as Partial<Record<'types' | 'primaryType' | 'domain' | 'message', unknown>> | null;
  if (!t || typeof t !== 'object' || !t.types || typeof t.types !== 'object' || typeof t.primaryType !== 'string') {
    throw invalidParams('typed data needs types, primaryType, domain and message');
  }
  if (!t.message || typeof t.message !== 'object') throw invalidParams('typed data needs a message object');
  return { ...t, domain: t.domain ?? {} } as TypedDataDefinition;
}

/** Methods that would sign with the RPC node's own unlocked keys if forwarded: refuse them. */
const refused = [
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'personal_sendTransaction',
  'personal_unlockAccount',
  'eth_subscribe',
  'eth_unsubscribe',
];

export const signingMethods: MethodTable = {
  personal_sign: (params, ctx) => {
    let [data, address] = paramList(params, 2);
    // Some libraries send [address, data]; accept it when unambiguous.
    if (typeof data === 'string' && isAddress(data, { strict: false }) && !(typeof address === 'string' && isAddress(address, { strict: false }))) {
      [data, address] = [address, data];
    }
    if (typeof data !== 'string' || typeof address !== 'string') throw invalidParams('expected [data, address]');
    const account = requireAccount(ctx, address);
    const message = isHex(data) ? { raw: data } : data;
    return ctx.confirm('sign', describeMessage(data), () => account.signMessage({ message }));
  },
  eth_signTypedData_v4: (params, ctx) => {
    const [address, json] = paramList(params, 2);
    if (typeof address !== 'string') throw invalidParams('expected [address, typedData]');
    const account = requireAccount(ctx, address);
    const typed = parseTypedData(json);
    return ctx.confirm('sign-typed', describeTypedData(typed), () => account.signTypedData(typed));
  },
  ...Object.fromEntries(refused.map((m) => [m, () => Promise.reject(unsupportedMethod(m))])),
};
