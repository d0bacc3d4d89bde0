/**
 * eth_sendTransaction from the smart account: a user operation through the network's bundler (ERC-4337). The
 * account pays its own gas (no paymaster); its first user operation also deploys it. Approve sends the user
 * operation and waits for its inclusion; the answer is `{ transactionHash, userOpHash }`: the transaction hash of
 * the bundle that included it (what the widget's connector answers an EIP-1193 caller) and the user operation's own
 * hash (which the widget adds to `wallet-transaction`).
 *
 * The operation is built and priced once, when the request is filed: the fee shown is that operation's most (its gas
 * limits times its max fee per gas), and Approve signs and sends exactly that operation, never a re-estimated one.
 * If the bundler no longer takes it at that price (the network's fee went up), Approve fails and nothing is paid.
 */
import { formatEther, type Address, type Hex } from 'viem';
import { formatUserOperationRequest, type UserOperation } from 'viem/account-abstraction';
import { SignError } from './sign-error.js';
import type { Filed, SignContext, SignDisplay } from './signing.js';
import { bundlerOf, type SmartNetwork, userOperationMaxCost } from './smart-account.js';

/** What Approve answers for a user operation: the including bundle's transaction hash and the operation's hash. */
export interface UserOperationSent {
  transactionHash: Hex;
  userOpHash: Hex;
}

/** How long Approve waits for the bundle that includes the user operation. */
const INCLUSION_TIMEOUT_MS = 60_000;

export async function userOperation(ctx: SignContext, network: SmartNetwork, call: { to: Address; value: bigint; data: Hex }, display: SignDisplay): Promise<Filed> {
  const { bundler } = await bundlerOf(ctx.masterKey, ctx.user, network);
  const calls = [{ to: call.to, value: call.value, data: call.data }];
  // The operation Approve will sign, and the fee the visitor approves: every gas limit of it (a paymaster's too,
  // though ours have none) × its max fee per gas, what the EntryPoint may charge the account at most.
  let prepared: UserOperation<'0.7'>;
  try {
    prepared = (await bundler.prepareUserOperation({ calls })) as UserOperation<'0.7'>;
  } catch (err) {
    throw new SignError(-32603, `The user operation would fail: ${(err as { shortMessage?: string }).shortMessage ?? String(err)}`);
  }
  display.fee = `${formatEther(userOperationMaxCost(prepared))} ${network.symbol ?? 'ETH'}`;
  const sign = async (): Promise<UserOperationSent> => {
    try {
      const { account, bundler: fresh } = await bundlerOf(ctx.masterKey, ctx.user, network);
      const signature = await account.signUserOperation({ ...prepared, chainId: network.chainId });
      let hash: Hex;
      try {
        hash = await fresh.request({ method: 'eth_sendUserOperation', params: [formatUserOperationRequest({ ...prepared, signature }), account.entryPoint.address] }, { retryCount: 0 });
      } catch (err) {
        const reason = (err as { details?: string; shortMessage?: string }).details ?? (err as { shortMessage?: string }).shortMessage ?? String(err);
        throw new SignError(-32603, `The user operation can no longer be sent for the fee shown (${display.fee}), and nothing was paid: ${reason}`);
      }
      const receipt = await fresh.waitForUserOperationReceipt({ hash, timeout: INCLUSION_TIMEOUT_MS });
      if (!receipt.success) throw new SignError(-32603, `The user operation ${hash} reverted (bundle ${receipt.receipt.transactionHash})`);
      return { transactionHash: receipt.receipt.transactionHash, userOpHash: hash };
    } catch (err) {
      if (err instanceof SignError) throw err;
      throw new SignError(-32603, `Sending the user operation failed: ${(err as { shortMessage?: string }).shortMessage ?? String(err)}`);
    }
  };
  return { display, sign };
}
