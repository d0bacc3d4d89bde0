// The receipt wait of src/connectors/evm/transfer.ts against a real chain: confirmed, failed, and the
// slow path (first wait runs out → onSlow → polling until mined). Times shortened through its parameters.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Anvil, startAnvil } from '../../devstack/anvil.js';
import { rpcCall } from '../../server/json-rpc.js';
import { estimateTransferFee, waitForTransfer } from '../../src/connectors/evm/transfer.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('connectors/evm/transfer: fee estimate and receipt wait on anvil', () => {
  let anvil: Anvil;
  const source = () => ({ rpcUrl: anvil.rpcUrl, provider: { request: () => Promise.reject(new Error('not used')) } });
  const send = (tx: Record<string, string>) => rpcCall<`0x${string}`>(anvil.rpcUrl, 'eth_sendTransaction', [{ from: A0, ...tx }]);
  before(async () => { anvil = await startAnvil({ chainId: 31337 }); });
  after(async () => { await anvil?.stop(); });

  it('estimates a native transfer at 21000 gas × the gas price', async () => {
    const fee = await estimateTransferFee({ from: A0, to: A1, tokenAddress: undefined, amount: 10n ** 18n }, source());
    const price = BigInt(await rpcCall<string>(anvil.rpcUrl, 'eth_gasPrice'));
    assert.equal(fee, 21000n * price);
  });

  it('reports confirmed for a mined transfer', async () => {
    const hash = await send({ to: A1, value: '0x1' });
    assert.equal(await waitForTransfer(hash, source(), { timeoutMs: 5000 }), 'confirmed');
  });

  it('reports failed for a reverted transaction', async () => {
    // A contract whose code always reverts (PUSH1 0 PUSH1 0 REVERT), deployed by init code that returns it
    // (PUSH5 <code> PUSH1 0 MSTORE PUSH1 5 PUSH1 27 RETURN); called with gas set so estimation is skipped.
    const deploy = await send({ data: '0x6460006000fd6000526005601bf3', gas: '0x30000' });
    // Mined at once by anvil, but its receipt can lag the hash on a loaded machine: wait for it (8 s at most).
    let receipt: { contractAddress: string } | null = null;
    for (let i = 0; i < 80 && !receipt; i++) {
      receipt = await rpcCall<{ contractAddress: string } | null>(anvil.rpcUrl, 'eth_getTransactionReceipt', [deploy]);
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(receipt, 'the deployment was mined');
    const hash = await send({ to: receipt.contractAddress, gas: '0x10000' });
    assert.equal(await waitForTransfer(hash, source(), { timeoutMs: 5000 }), 'failed');
  });

  it('when the first wait runs out, says so once and keeps polling until the transaction is mined', async () => {
    await rpcCall(anvil.rpcUrl, 'evm_setAutomine', [false]);
    try {
      const hash = await send({ to: A1, value: '0x2' });
      let slow = 0;
      const waiting = waitForTransfer(hash, source(), { timeoutMs: 300, pollMs: 200, giveUpMs: 5000, onSlow: () => slow++ });
      await new Promise((resolve) => setTimeout(resolve, 700));
      assert.equal(slow, 1, 'onSlow once the first wait ran out');
      await rpcCall(anvil.rpcUrl, 'evm_mine');
      assert.equal(await waiting, 'confirmed');
    } finally {
      await rpcCall(anvil.rpcUrl, 'evm_setAutomine', [true]);
    }
  });

  it('gives up as still pending when nothing is mined in time', async () => {
    await rpcCall(anvil.rpcUrl, 'evm_setAutomine', [false]);
    try {
      const hash = await send({ to: A1, value: '0x3' });
      assert.equal(await waitForTransfer(hash, source(), { timeoutMs: 200, pollMs: 100, giveUpMs: 400 }), 'pending');
    } finally {
      await rpcCall(anvil.rpcUrl, 'evm_setAutomine', [true]);
      await rpcCall(anvil.rpcUrl, 'evm_mine');
    }
  });
});
