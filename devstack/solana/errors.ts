// litesvm's transaction errors as the RPC's JSON (e.g. {"InstructionError":[0,{"Custom":1}]}).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FailedTransactionMetadata } from 'litesvm';

export type TxErrorJson = string | Record<string, unknown> | null;

/** litesvm's fieldless error enums are TypeScript const enums (numbers at runtime): their names come from its .d.ts. */
const ENUMS: Record<string, Record<number, string>> = (() => {
  try {
    const dts = readFileSync(createRequire(import.meta.url).resolve('litesvm/dist/internal.d.ts'), 'utf8');
    const out: Record<string, Record<number, string>> = {};
    for (const [, name, body] of dts.matchAll(/export declare const enum (\w+) \{([^}]*)\}/g)) {
      out[name as string] = Object.fromEntries([...(body as string).matchAll(/(\w+) = (\d+)/g)].map(([, k, v]) => [Number(v), k as string]));
    }
    return out;
  } catch {
    return {};
  }
})();

type AnyErr = { constructor?: { name?: string }; index?: number; accountIndex?: number; code?: number; msg?: string; err?: () => unknown };

export function txErrorJson(failed: FailedTransactionMetadata): TxErrorJson {
  const e = failed.err() as unknown as number | AnyErr;
  if (typeof e === 'number') return ENUMS['TransactionErrorFieldless']?.[e] ?? String(e);
  const name = e.constructor?.name ?? '';
  if (name === 'TransactionErrorInstructionError') {
    const inner = e.err?.() as number | AnyErr;
    const innerJson =
      typeof inner === 'number'
        ? (ENUMS['InstructionErrorFieldless']?.[inner] ?? String(inner))
        : inner.constructor?.name === 'InstructionErrorCustom'
          ? { Custom: inner.code }
          : { BorshIoError: inner.msg };
    return { InstructionError: [e.index, innerJson] };
  }
  if (name === 'TransactionErrorInsufficientFundsForRent') return { InsufficientFundsForRent: { account_index: e.accountIndex } };
  if (name === 'TransactionErrorProgramExecutionTemporarilyRestricted') return { ProgramExecutionTemporarilyRestricted: { account_index: e.accountIndex } };
  if (name === 'TransactionErrorDuplicateInstruction') return { DuplicateInstruction: e.index };
  return String(e);
}

/** A JSON-RPC error the facade answers with. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}
