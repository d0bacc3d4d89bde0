// eth_sendTransaction: signed by the local account, sent raw to the current chain's node by viem.
import { createWalletClient, defineChain, http } from 'viem';
import { describeTransaction } from '../describe.js';
import { chainDisconnected, invalidParams } from '../errors.js';
import type { DevWalletChain } from '../types.js';
import type { MethodTable } from './context.js';
import { addressParam, chainIdParam, dataParam, paramObject, quantityParam, requireAccount } from './params.js';

const viemChain = ({ chainId, rpcUrl, name }: DevWalletChain) =>
  defineChain({
    id: chainId,
    name: name ?? `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });

/** The EIP-1474 transaction object as viem's sendTransaction parameters. */
function parseTransaction(tx: Record<string, unknown>) {
  const nonce = quantityParam(tx.nonce, 'nonce');
  const fields = {
    to: tx.to === undefined || tx.to === null ? undefined : addressParam(tx.to, 'to'),
    value: quantityParam(tx.value, 'value'),
    data: dataParam(tx.data ?? tx.input, 'data'),
    gas: quantityParam(tx.gas, 'gas'),
    gasPrice: quantityParam(tx.gasPrice, 'gasPrice'),
    maxFeePerGas: quantityParam(tx.maxFeePerGas, 'maxFeePerGas'),
    maxPriorityFeePerGas: quantityParam(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
    nonce: nonce === undefined ? undefined : Number(nonce),
  };
  if (fields.gasPrice !== undefined && (fields.maxFeePerGas ?? fields.maxPriorityFeePerGas) !== undefined) {
    throw invalidParams('gasPrice cannot be combined with maxFeePerGas / maxPriorityFeePerGas');
  }
  // Drop absent fields so viem fills them in (nonce, fees, gas).
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof fields>;
}

export const transactionMethods: MethodTable = {
  eth_sendTransaction: (params, ctx) => {
    const tx = paramObject(params);
    const account = requireAccount(ctx, tx.from === undefined ? undefined : addressParam(tx.from, 'from'));
    const request = parseTransaction(tx);
    if (tx.chainId !== undefined && chainIdParam(tx.chainId) !== ctx.state.chainId) {
      throw invalidParams(`chainId ${String(tx.chainId)} is not the current chain ${ctx.state.chainId}`);
    }
    const chain = ctx.state.chain();
    if (!chain) throw chainDisconnected(ctx.state.chainId, 'the wallet has no RPC URL for it');
    return ctx.confirm('send', describeTransaction(request), () => {
      const client = createWalletClient({ account, chain: viemChain(chain), transport: http(chain.rpcUrl, { retryCount: 0 }) });
      // The parsed fields are exactly viem's; its union type (legacy | EIP-1559) cannot see which one holds.
      return client.sendTransaction(request as unknown as Parameters<typeof client.sendTransaction>[0]);
    });
  },
};
