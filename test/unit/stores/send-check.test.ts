import { expect } from '@esm-bundle/chai';
import { type SendToken, checkSend } from '../../../src/stores/send.js';

const LTK: SendToken = { key: 'eip155:31337:0x00000000000000000000000000000000000000aa', name: 'Local Token', symbol: 'LTK', decimals: 18, balance: 10n ** 18n, tokenAddress: '0x00000000000000000000000000000000000000aa', iconUrl: undefined };
const LUSD: SendToken = { ...LTK, key: 'eip155:31337:0x00000000000000000000000000000000000000bb', symbol: 'LUSD', decimals: 6, balance: 5_000_000n };
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const draft = (over: Partial<{ tokenKey: string; amount: string; receiver: string }>) => ({ tokenKey: LTK.key, amount: '0.5', receiver: TO, ...over });
const message = (result: ReturnType<typeof checkSend>) => (result.ok ? 'ok' : result.message);

describe('stores/send: checkSend (SPEC.md §5, §8)', () => {
  it('requires an amount and a receiver, with the exact message', () => {
    expect(message(checkSend(draft({ amount: '' }), [LTK], 'eip155'))).to.equal('An amount and receiver address are required');
    expect(message(checkSend(draft({ receiver: '  ' }), [LTK], 'eip155'))).to.equal('An amount and receiver address are required');
  });

  it('requires a token, with the exact message', () => {
    expect(message(checkSend({ tokenKey: undefined, amount: '1', receiver: TO }, [LTK], 'eip155'))).to.equal('A token is required');
  });

  it('only sends on EVM here: anything else is an unsupported chain', () => {
    expect(message(checkSend(draft({}), [LTK], 'cosmos'))).to.equal('Unsupported chain');
  });

  it('refuses a receiver that is neither an address nor a name', () => {
    expect(message(checkSend(draft({ receiver: '0x1234' }), [LTK], 'eip155'))).to.equal('Enter a valid address or name');
    expect(message(checkSend(draft({ receiver: 'alice' }), [LTK], 'eip155'))).to.equal('Enter a valid address or name');
  });

  it('refuses more decimals than the token has, a malformed amount, zero, and more than the balance', () => {
    expect(message(checkSend(draft({ tokenKey: LUSD.key, amount: '1.0000001' }), [LTK, LUSD], 'eip155'))).to.equal('LUSD has at most 6 decimals');
    expect(message(checkSend(draft({ amount: '1,5' }), [LTK], 'eip155'))).to.equal('Enter an amount such as 1.5');
    expect(message(checkSend(draft({ amount: '0' }), [LTK], 'eip155'))).to.equal('Enter an amount greater than 0');
    expect(message(checkSend(draft({ amount: '1.000000000000000001' }), [LTK], 'eip155'))).to.equal('Insufficient LTK balance');
  });

  it('accepts the whole balance exactly, and a name as receiver', () => {
    const whole = checkSend(draft({ amount: '1' }), [LTK], 'eip155');
    expect(whole.ok && whole.amount).to.equal(10n ** 18n);
    const byName = checkSend(draft({ receiver: 'alice.eth' }), [LTK], 'eip155');
    expect(byName.ok && byName.receiver).to.equal('alice.eth');
  });
});
