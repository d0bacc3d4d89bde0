// A browser-like client of the sign-in backend over real HTTP (cookie jar, Auth.js's form posts), the site
// it runs on (the web server with the backend mounted at /api/auth, one anvil chain) and message signers.
import { ed25519 } from '@noble/curves/ed25519';
import { privateKeyToAccount } from 'viem/accounts';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { createSignInBackend, type SignInBackend, type SignInBackendOptions } from '../../server/auth/backend.js';
import { startWeb, type WebServer } from '../../devstack/web.js';
import { base58Encode } from '../../src/core/base58.js';
import { LOCAL_SOLANA_CHAIN_ID } from '../../src/core/networks.js';
import { createSiwxMessage, type SiwxMessageData } from '../../src/core/siwx-message.js';
import { makeTempRoot } from './helpers.js';

export const EVM_CHAIN = 'eip155:31337' as const;
export const SOLANA_CHAIN = LOCAL_SOLANA_CHAIN_ID;
/** anvil's accounts #0 and #1. */
export const ALICE = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
export const BOB = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

export interface Site {
  url: string;
  origin: string;
  host: string;
  backend: SignInBackend;
  anvil: Anvil;
  /** The backend's clock, in ms; tests move it. */
  clock: { now: number };
  logs: string[];
  stop(): Promise<void>;
}

/** `extra`: more backend options (e.g. `emailCapture`). */
export async function startSite(extra: Partial<SignInBackendOptions> = {}): Promise<Site> {
  const anvil = await startAnvil({ chainId: 31337 });
  const temp = await makeTempRoot();
  const clock = { now: Date.now() };
  const logs: string[] = [];
  let siteUrl = '';
  const backend = await createSignInBackend({
    site: () => siteUrl,
    chains: [{ chainId: EVM_CHAIN, rpcUrl: anvil.rpcUrl }, { chainId: SOLANA_CHAIN }],
    now: () => clock.now,
    log: (line) => logs.push(line),
    ...extra,
  });
  let web: WebServer;
  try {
    web = await startWeb({ root: temp.root, chains: [], auth: backend });
  } catch (err) {
    await Promise.allSettled([backend.close(), anvil.stop(), temp.cleanup()]);
    throw err;
  }
  siteUrl = web.url;
  const url = new URL(web.url);
  return {
    url: web.url,
    origin: url.origin,
    host: url.host,
    backend,
    anvil,
    clock,
    logs,
    stop: async () => {
      await web.stop();
      await Promise.allSettled([backend.close(), anvil.stop(), temp.cleanup()]);
    },
  };
}

/** One browser: its cookies, kept as a browser keeps them. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly setCookies: string[] = [];

  constructor(readonly site: Site) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(new URL(path, this.site.url), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some((a) => /^\s*max-age=0$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async csrf(): Promise<string> {
    const body = (await (await this.fetch('/api/auth/csrf')).json()) as { csrfToken: string };
    return body.csrfToken;
  }

  /** An Auth.js form post, answered as JSON `{ url }` (next-auth's client sends X-Auth-Return-Redirect). */
  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1', origin: this.site.origin, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** POST callback/credentials; `error` and `code` come from the URL Auth.js answers with. */
  async signIn(message: string, signature: string, csrfToken?: string): Promise<{ status: number; url: string; error: string | null; code: string | null }> {
    const fields: Record<string, string> = { message, signature, callbackUrl: `${this.site.origin}/signed-in` };
    if (csrfToken !== undefined) fields.csrfToken = csrfToken;
    const response = await this.post('/api/auth/callback/credentials', fields);
    const { url } = (await response.json()) as { url: string };
    const params = new URL(url).searchParams;
    return { status: response.status, url, error: params.get('error'), code: params.get('code') };
  }

  async session(): Promise<unknown> {
    return (await this.fetch('/api/auth/session')).json();
  }
}

export function evmMessage(site: Site, nonce: string, overrides: Partial<SiwxMessageData> = {}): string {
  return createSiwxMessage({
    domain: site.host,
    accountAddress: ALICE.address,
    chainId: EVM_CHAIN,
    uri: site.url,
    version: '1',
    nonce,
    statement: 'Sign in to the demo.',
    issuedAt: new Date(site.clock.now).toISOString(),
    ...overrides,
  });
}

export const solanaKey = (): { secret: Uint8Array; address: string } => {
  const secret = ed25519.utils.randomPrivateKey();
  return { secret, address: base58Encode(ed25519.getPublicKey(secret)) };
};

export function solanaMessage(site: Site, nonce: string, address: string, overrides: Partial<SiwxMessageData> = {}): string {
  return createSiwxMessage({
    domain: site.host,
    accountAddress: address,
    chainId: SOLANA_CHAIN,
    uri: site.url,
    version: '1',
    nonce,
    issuedAt: new Date(site.clock.now).toISOString(),
    ...overrides,
  });
}

export const solanaSign = (message: string, secret: Uint8Array): string => base58Encode(ed25519.sign(new TextEncoder().encode(message), secret));
