import { parseSiwxMessage } from '../../../src/core/siwx-message.js';
import type { FakeFetch } from './fake-fetch.js';

export const SIWX_URL = 'http://site.test/api/auth';

/** A scripted Auth.js backend: csrf, callback/credentials, session, signout. */
export function fakeSiwxBackend(net: FakeFetch) {
  const state = { session: null as null | { address: string; chainId: string; expires: string }, refuse: undefined as string | undefined, posted: [] as URLSearchParams[], signedOut: 0, down: false };
  const up = <T>(answer: () => T) => () => (state.down ? { status: 503, body: {} } : answer());
  net.route('/api/auth/csrf', up(() => ({ body: { csrfToken: 'nonce12345678' } })));
  net.route('/api/auth/session', up(() => ({ body: state.session })));
  net.route('/api/auth/callback/credentials', (_, init) => {
    const form = new URLSearchParams(String(init?.body));
    state.posted.push(form);
    if (state.refuse) return { body: { url: `${SIWX_URL}/signin?error=CredentialsSignin&code=${state.refuse}` } };
    const fields = parseSiwxMessage(form.get('message')!);
    state.session = { address: fields.accountAddress, chainId: fields.chainId, expires: '2099-01-01T00:00:00.000Z' };
    return { body: { url: 'http://site.test/' } };
  });
  net.route('/api/auth/signout', () => {
    state.signedOut++;
    state.session = null;
    return { body: { url: 'http://site.test/' } };
  });
  return state;
}

