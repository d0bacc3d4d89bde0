import { expect } from '@esm-bundle/chai';
import { createAuthConnectors } from '../../../src/connectors/auth/connector.js';
import type { FrameClient } from '../../../src/connectors/auth/frame-client.js';

const EOA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH = `0x${'ab'.repeat(32)}`;

/** A frame that answers every `rpc` with `answer`, and records what it was asked. */
function frameAnswering(answer: unknown): FrameClient & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    iframe: document.createElement('iframe'),
    request: async (method, params) => {
      asked.push([method, params]);
      return answer;
    },
    close: () => {},
  };
}

function connectorsFor(frame: FrameClient, sent: string[], operations: string[][]) {
  return createAuthConnectors(frame, { address: EOA, accounts: [{ namespace: 'eip155', address: EOA, type: 'eoa' }] }, {
    evmChain: 'eip155:31337',
    evmChains: () => ['eip155:31337'],
    solanaChains: () => [],
    solanaNow: () => undefined as never,
    onEnd: () => {},
    onSent: (hash) => sent.push(hash),
    onUserOperation: (hash, userOpHash) => operations.push([hash, userOpHash]),
  });
}

describe('connectors/auth: transactions the frame sends for the host page', () => {
  it('says a transaction was sent (so the balances shown are read again), with its hash', async () => {
    const sent: string[] = [];
    const operations: string[][] = [];
    const { evm } = connectorsFor(frameAnswering(HASH), sent, operations);
    const result = await evm.getProvider().request({ method: 'eth_sendTransaction', params: [{ to: EOA, value: '0x1' }] });
    expect(result).to.equal(HASH);
    expect(sent).to.deep.equal([HASH]);
    expect(operations).to.deep.equal([]);
  });

  it("from the smart account: the bundle's hash for the caller and onSent, the operation's to onUserOperation", async () => {
    const sent: string[] = [];
    const operations: string[][] = [];
    const userOpHash = `0x${'cd'.repeat(32)}`;
    const { evm } = connectorsFor(frameAnswering({ transactionHash: HASH, userOpHash }), sent, operations);
    expect(await evm.getProvider().request({ method: 'eth_sendTransaction', params: [{ to: EOA, value: '0x1' }] })).to.equal(HASH);
    expect(sent).to.deep.equal([HASH]);
    expect(operations).to.deep.equal([[HASH, userOpHash]]);
  });

  it('a signature is not a transaction: nothing is said sent', async () => {
    const sent: string[] = [];
    const { evm } = connectorsFor(frameAnswering(`0x${'ef'.repeat(65)}`), sent, []);
    await evm.getProvider().request({ method: 'personal_sign', params: ['0x68656c6c6f', EOA] });
    expect(sent).to.deep.equal([]);
  });
});
