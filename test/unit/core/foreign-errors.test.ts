import { expect } from '@esm-bundle/chai';
import { WidgetError } from '../../../src/core/errors.js';
import { isRejection, isUnsupportedMethod, providerErrorCode, toWidgetError } from '../../../src/core/foreign-errors.js';
import { ProviderRpcError, toProviderRpcError } from '../../../src/core/provider-rpc-error.js';

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

describe('core/foreign-errors for the host provider', () => {
  it("toProviderRpcError keeps a wallet error's numeric code, message and data, else uses the fallback code", () => {
    const kept = toProviderRpcError({ code: 4001, message: 'User rejected the request.', data: { x: 1 } }, -32603);
    expect(kept).to.be.instanceOf(ProviderRpcError);
    expect({ code: kept.code, message: kept.message, data: kept.data }).to.deep.equal({ code: 4001, message: 'User rejected the request.', data: { x: 1 } });
    const fallback = toProviderRpcError(new Error('socket closed'), -32603);
    expect({ code: fallback.code, message: fallback.message }).to.deep.equal({ code: -32603, message: 'socket closed' });
    const same = new ProviderRpcError(4900, 'gone');
    expect(toProviderRpcError(same, -32603)).to.equal(same);
  });

  it('isUnsupportedMethod: 4200 and -32601, wrapped or not; nothing else', () => {
    expect(isUnsupportedMethod(rpcError(4200, 'Unsupported method'))).to.equal(true);
    expect(isUnsupportedMethod(rpcError(-32601, 'Method not found'))).to.equal(true);
    expect(isUnsupportedMethod({ code: -32603, data: { originalError: { code: 4200 } } })).to.equal(true);
    expect(isUnsupportedMethod(rpcError(4001, 'no'))).to.equal(false);
    expect(isUnsupportedMethod(new Error('method not found'))).to.equal(false);
  });
});

describe('core/foreign-errors toWidgetError', () => {
  it('maps 4001 during connect to CONNECTION_REJECTED "Connection rejected", keeping the cause and wallet text', () => {
    const cause = rpcError(4001, 'User rejected the request.');
    const error = toWidgetError(cause, 'connect');
    expect(error).to.be.instanceOf(WidgetError);
    expect(error.code).to.equal('CONNECTION_REJECTED');
    expect(error.shortMessage).to.equal('Connection rejected');
    expect(error.details).to.equal('User rejected the request.');
    expect(error.cause).to.equal(cause);
  });

  it('maps 4001 by what the widget was doing', () => {
    expect(toWidgetError({ code: 4001, message: 'no' }, 'switch')).to.include({ code: 'SWITCH_REJECTED', shortMessage: 'Network switch rejected' });
    expect(toWidgetError({ code: 4001 }, 'request')).to.include({ code: 'USER_REJECTED', shortMessage: 'Request rejected' });
    expect(toWidgetError({ code: 4001 }, 'disconnect')).to.include({ code: 'USER_REJECTED', shortMessage: 'Request rejected' });
  });

  it('maps 4902 to CHAIN_NOT_CONFIGURED and 4100 to UNAUTHORIZED', () => {
    expect(toWidgetError(rpcError(4902, 'Unrecognized chain ID "0x89".'), 'switch')).to.include({ code: 'CHAIN_NOT_CONFIGURED', shortMessage: 'Network not configured' });
    expect(toWidgetError({ code: 4100 }, 'connect')).to.include({ code: 'UNAUTHORIZED', shortMessage: 'The wallet has not authorised this site' });
  });

  it('falls back to the failure of the operation for unknown errors', () => {
    expect(toWidgetError(new Error('boom'), 'connect')).to.include({ code: 'CONNECT_FAILED', shortMessage: 'Failed to connect', details: 'boom' });
    expect(toWidgetError({ code: -32603, message: 'Internal error' }, 'connect')).to.include({ code: 'CONNECT_FAILED', shortMessage: 'Failed to connect' });
    expect(toWidgetError('a string', 'disconnect')).to.include({ code: 'DISCONNECT_FAILED', shortMessage: 'Failed to disconnect' });
    expect(toWidgetError(undefined, 'switch')).to.include({ code: 'SWITCH_FAILED', shortMessage: 'Failed to switch network' });
    expect(toWidgetError(null, 'request')).to.include({ code: 'UNKNOWN', shortMessage: 'Something went wrong' });
  });

  it('never recognises errors by their text', () => {
    expect(toWidgetError(new Error('User rejected the request'), 'connect').code).to.equal('CONNECT_FAILED');
  });

  it('returns a WidgetError unchanged', () => {
    const original = new WidgetError('INVALID_RESPONSE', 'The wallet sent an invalid response');
    expect(toWidgetError(original, 'connect')).to.equal(original);
  });

  it('finds codes nested in data.originalError and cause', () => {
    expect(toWidgetError({ message: 'wrapped', data: { originalError: { code: 4001 } } }, 'connect').code).to.equal('CONNECTION_REJECTED');
    expect(toWidgetError(new Error('wrapped', { cause: { code: 4902 } }), 'switch').code).to.equal('CHAIN_NOT_CONFIGURED');
    expect(toWidgetError(new Error('outer', { cause: new Error('middle', { cause: { code: 4001 } }) }), 'switch').code).to.equal('SWITCH_REJECTED');
    expect(providerErrorCode({ data: { originalError: { code: 4902 } } })).to.equal(4902);
    expect(providerErrorCode({})).to.equal(undefined);
  });

  it('prefers the wallet code nested under a generic -32603 "Internal JSON-RPC error" wrapper', () => {
    // MetaMask Mobile wraps wallet_switchEthereumChain's 4902 this way (wagmi checks data.originalError.code too).
    const wrapped = { code: -32603, message: 'Internal JSON-RPC error.', data: { originalError: { code: 4902, message: 'Unrecognized chain ID' } } };
    expect(providerErrorCode(wrapped)).to.equal(4902);
    expect(toWidgetError(wrapped, 'switch').code).to.equal('CHAIN_NOT_CONFIGURED');
    const rejected = { code: -32603, message: 'Internal JSON-RPC error.', data: { originalError: { code: 4001 } } };
    expect(toWidgetError(rejected, 'connect')).to.include({ code: 'CONNECTION_REJECTED', shortMessage: 'Connection rejected' });
  });
});

describe('core/foreign-errors isRejection', () => {
  it("counts EIP-1193 4001 and WalletConnect's 5000–5002 refusals, wrapped or not, and nothing else", () => {
    const refusals = [{ code: 4001 }, { code: 5000, message: 'User rejected.' }, { code: 5001 }, { code: 5002 }, { code: -32603, data: { originalError: { code: 4001 } } }];
    expect(refusals.map(isRejection)).to.deep.equal([true, true, true, true, true]);
    expect([{ code: 5003 }, { code: 4100 }, { code: 8000, message: 'Proposal expired' }, new Error('x'), undefined].map(isRejection)).to.deep.equal([false, false, false, false, false]);
  });

  it('makes a WalletConnect refusal of a connection "Connection rejected"', () => {
    expect(toWidgetError({ code: 5000, message: 'User rejected.' }, 'connect')).to.include({ code: 'CONNECTION_REJECTED', shortMessage: 'Connection rejected' });
  });
});
