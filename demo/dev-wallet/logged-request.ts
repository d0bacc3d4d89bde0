// One wallet request, as both the EIP-1193 provider and the Solana Wallet Standard wallet run it.
import type { ApprovalQueue } from './approvals.js';
import { toProviderError } from './errors.js';
import type { PromptKind, RequestLogEntry, RequestOutcome } from './types.js';

/** Asks the visitor (the shared prompt queue) before `action` runs. */
export type Confirm = <T>(kind: PromptKind, summary: string, action: () => Promise<T>) => Promise<T>;

/**
 * Runs `body` for `method`: consent goes through the shared approval queue, the outcome (auto, approved or
 * rejected, and the error if any) is appended to `log`, and any failure leaves as a ProviderRpcError.
 */
export async function loggedRequest<T>(
  approvals: ApprovalQueue,
  log: RequestLogEntry[],
  method: string,
  params: unknown,
  body: (confirm: Confirm) => Promise<T>,
): Promise<T> {
  let outcome: RequestOutcome = 'auto';
  const confirm: Confirm = (kind, summary, action) =>
    approvals.ask({ kind, method, params, summary }, action, (approved) => {
      outcome = approved ? 'approved' : 'rejected';
    });
  try {
    const result = await body(confirm);
    log.push({ method, params, outcome });
    return result;
  } catch (error) {
    const e = toProviderError(error);
    log.push({ method, params, outcome, error: { code: e.code, message: e.message } });
    throw e;
  }
}
