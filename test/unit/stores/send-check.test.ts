import { expect } from '@esm-bundle/chai';
import { checksumMatches } from '../../../src/connectors/evm/checksum.js';
import { type SendToken, checkSend } from '../../../src/stores/send.js';

const LTK: SendToken = { key: 'eip155:31337:0x00000000000000000000000000000000000000aa', name: 'Local Token', symbol: 'LTK', decimals: 18, balance: 10n ** 18n, tokenAddress: '0x00000000000000000000000000000000000000aa', iconUrl: undefined, usdPrice: undefined };
const LUSD: SendToken = { ...LTK, key: 'eip155:31337:0x00000000000000000000000000000000000000bb', symbol: 'LUSD', decimals: 6, balance: 5_000_000n };
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const EVM = { namespace: 'eip155', from: FROM, checksumMatches };
const draft = (over: Partial<{ tokenKey: string | undefined; amount: string; receiver: string }>) => ({ tokenKey: LTK.key, amount: '0.5', receiver: TO, ...over });
const message = (result: ReturnType<typeof checkSend>) => (result.ok ? 'ok' : result.message);
const errors = (result: ReturnType<typeof checkSend>) => (result.ok ? {} : result.errors);

describe('stores/send: checkSend (docs/specification.md#validation)', () => {
  it('requires an amount and a receiver, with the exact message next to the empty field', () => {
    expect(errors(checkSend(draft({ amount: '' }), [LTK], EVM))).to.deep.equal({ amount: 'An amount and receiver address are required' });
    expect(errors(checkSend(draft({ receiver: '  ' }), [LTK], EVM))).to.deep.equal({ receiver: 'An amount and receiver address are required' });
  });

  it('requires a token, with the exact message, and only that one when amount and receiver are there', () => {
    expect(errors(checkSend({ tokenKey: undefined, amount: '1', receiver: TO }, [LTK], EVM))).to.deep.equal({ token: 'A token is required' });
    expect(errors(checkSend({ tokenKey: undefined, amount: '', receiver: '' }, [LTK], EVM))).to.deep.equal({
      token: 'A token is required', amount: 'An amount and receiver address are required',
    });
  });

  it('only sends on EVM here: anything else is an unsupported chain', () => {
    expect(message(checkSend(draft({}), [LTK], { namespace: 'cosmos' }))).to.equal('Unsupported chain');
  });

  it('refuses a receiver that is neither an address nor a name', () => {
    expect(errors(checkSend(draft({ receiver: '0x1234' }), [LTK], EVM))).to.deep.equal({ receiver: 'Enter a valid address or name' });
    expect(message(checkSend(draft({ receiver: 'alice' }), [LTK], EVM))).to.equal('Enter a valid address or name');
  });

  it('names a checksum error as such; all-lowercase and all-uppercase addresses carry no checksum', () => {
    const typo = '0x70997970c51812dc3A010C7d01b50e0d17dc79C8';
    expect(errors(checkSend(draft({ receiver: typo }), [LTK], EVM))).to.deep.equal({
      receiver: 'This address has a typo: its mix of capital and small letters (its checksum) does not match',
    });
    expect(message(checkSend(draft({ receiver: TO.toLowerCase() }), [LTK], EVM))).to.equal('ok');
    expect(message(checkSend(draft({ receiver: `0x${TO.slice(2).toUpperCase()}` }), [LTK], EVM))).to.equal('ok');
  });

  it('refuses the zero address and the sender\'s own address', () => {
    expect(errors(checkSend(draft({ receiver: `0x${'0'.repeat(40)}` }), [LTK], EVM))).to.deep.equal({ receiver: 'This is the zero address: anything sent there is lost for good' });
    expect(errors(checkSend(draft({ receiver: FROM.toLowerCase() }), [LTK], EVM))).to.deep.equal({ receiver: 'This is your own address: sending to yourself only costs a network fee' });
  });

  it('refuses more decimals than the token has, a malformed amount (saying what is wrong), zero, and more than the balance', () => {
    expect(message(checkSend(draft({ tokenKey: LUSD.key, amount: '1.0000001' }), [LTK, LUSD], EVM))).to.equal('LUSD has at most 6 decimals');
    expect(message(checkSend(draft({ amount: '1,5' }), [LTK], EVM))).to.equal('Use only digits and one decimal separator, as in 1.5');
    expect(message(checkSend(draft({ amount: '1.5' }), [LTK], { ...EVM, lang: 'de' }))).to.equal('Use only digits and one decimal separator, as in 1,5');
    expect(message(checkSend(draft({ amount: 'abc' }), [LTK], EVM))).to.equal('Use only digits and one decimal separator, as in 1.5');
    expect(message(checkSend(draft({ amount: '0' }), [LTK], EVM))).to.equal('Enter an amount greater than 0');
    expect(message(checkSend(draft({ amount: '1.000000000000000001' }), [LTK], EVM))).to.equal('Insufficient LTK balance');
  });

  it('reads the amount in the visitor\'s locale', () => {
    const de = checkSend(draft({ amount: '0,5' }), [LTK], { ...EVM, lang: 'de' });
    expect(de.ok && de.amount).to.equal(5n * 10n ** 17n);
    const fullWidth = checkSend(draft({ amount: '０．５' }), [LTK], EVM);
    expect(fullWidth.ok && fullWidth.amount).to.equal(5n * 10n ** 17n);
  });

  it('accepts the whole balance exactly, and a name as receiver', () => {
    const whole = checkSend(draft({ amount: '1' }), [LTK], EVM);
    expect(whole.ok && whole.amount).to.equal(10n ** 18n);
    const byName = checkSend(draft({ receiver: 'alice.eth' }), [LTK], EVM);
    expect(byName.ok && byName.receiver).to.equal('alice.eth');
  });
});
