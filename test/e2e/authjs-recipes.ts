import { Auth, type AuthConfig } from '@auth/core';
import Credentials from '@auth/core/providers/credentials';
import type { Page } from 'playwright-core';
import { createPublicClient, http } from 'viem';
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe';

/**
 * Sign-in backends written the way the common Auth.js / NextAuth SIWE recipes write them (not ours, server/auth/):
 * a Credentials provider whose `authorize` checks the EIP-4361 message (domain, the CSRF token as nonce, the
 * signature) and a session callback that copies the account into the session.
 * - `spruce`: Spruce's siwe-next-auth example: the user id is the address; the session gets `address` and
 *   `user.name` (the address) and no chain at all.
 * - `reown`: the NextAuth recipe of the hosted modal's docs: the user id is `eip155:<chain>:<address>`; the session
 *   gets `address` and `chainId` as a NUMBER.
 * Served to one page under `basePath` of the page's own origin through Playwright's routing (as a Next.js app
 * serves `/api/auth/*`).
 */
export type Recipe = 'spruce' | 'reown';

export function recipeConfig(recipe: Recipe, site: string, basePath: string, rpcUrl: string): AuthConfig {
  const client = createPublicClient({ transport: http(rpcUrl) });
  return {
    basePath,
    secret: 'a-site-owner-secret-of-at-least-32-characters',
    trustHost: true,
    session: { strategy: 'jwt' },
    providers: [
      Credentials({
        name: 'Ethereum',
        credentials: { message: { label: 'Message', type: 'text' }, signature: { label: 'Signature', type: 'text' } },
        async authorize(credentials, request) {
          const message = String(credentials?.message ?? '');
          const signature = String(credentials?.signature ?? '') as `0x${string}`;
          const fields = parseSiweMessage(message);
          // The recipes' nonce is the CSRF token, the first half of Auth.js's csrf cookie.
          const csrf = /(?:^|;\s*)authjs\.csrf-token=([^;|%]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
          if (!fields.address || !fields.chainId || fields.domain !== new URL(site).host || fields.nonce !== csrf) return null;
          const valid = await verifySiweMessage(client, { message, signature, domain: new URL(site).host, nonce: csrf });
          if (!valid) return null;
          return { id: recipe === 'reown' ? `eip155:${fields.chainId}:${fields.address}` : fields.address };
        },
      }),
    ],
    callbacks: {
      session({ session, token }) {
        const out = session as unknown as Record<string, unknown> & { user: Record<string, unknown> };
        if (recipe === 'spruce') {
          out.address = token.sub;
          out.user.name = token.sub;
          out.user.image = 'https://example.test/avatar.png';
        } else if (token.sub) {
          const [, chainId, address] = token.sub.split(':');
          if (chainId && address) {
            out.address = address;
            out.chainId = parseInt(chainId, 10);
          }
        }
        return session;
      },
    },
  };
}

/** Serves the recipe's Auth.js to `page` under `${origin}${basePath}`; returns the base URL for `siwx-url`. */
export async function serveRecipe(page: Page, recipe: Recipe, origin: string, rpcUrl: string, basePath = `/recipe-${recipe}/auth`): Promise<string> {
  const config = recipeConfig(recipe, origin, basePath, rpcUrl);
  await page.route(`${origin}${basePath}/**`, async (route) => {
    const request = route.request();
    const body = request.postData();
    const response = await Auth(new Request(request.url(), { method: request.method(), headers: await request.allHeaders(), ...(body !== null ? { body } : {}) }), config);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => { if (name !== 'set-cookie') headers[name] = value; });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers['set-cookie'] = cookies.join('\n');
    await route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
  });
  return `${origin}${basePath}`;
}
