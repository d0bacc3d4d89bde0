// The dev wallet's test stack: two anvil chains, the wallet bundled by esbuild, a strict-CSP page
// served from node:http, and Chromium driven by playwright-core.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { startAnvil as launchAnvil } from '../../devstack/anvil.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** JSON-RPC to a local chain (the server's own helper). */
export { rpcCall as rpc } from '../../server/json-rpc.js';

/** A local chain from the server's own launcher; `url` is its RPC endpoint. */
export type Anvil = Awaited<ReturnType<typeof launchAnvil>> & { url: string };
export async function startAnvil(chainId: number): Promise<Anvil> {
  const anvil = await launchAnvil({ chainId });
  return Object.assign(anvil, { url: anvil.rpcUrl });
}

/** One browser ES module bundled by esbuild from a file or from source text (`stdin`), kept in memory. */
export async function browserBundle(from: Pick<esbuild.BuildOptions, 'entryPoints' | 'stdin'>): Promise<string> {
  const out = await esbuild.build({ ...from, bundle: true, format: 'esm', target: 'es2022', platform: 'browser', write: false });
  return out.outputFiles[0]!.text;
}

export function bundleDevWallet(): Promise<string> {
  return browserBundle({ entryPoints: [`${root}demo/dev-wallet/index.ts`] });
}

export interface PageConfig {
  chains: { chainId: number; rpcUrl: string; name?: string }[];
  mode?: string;
}

/** The page: installs the dev wallet from its JSON config (a non-executed <script type="application/json">). */
const pageScript = `
import { installDevWallet } from '/dev-wallet.js';
const config = JSON.parse(document.getElementById('config').textContent);
window.__announced = [];
window.__events = [];
window.addEventListener('eip6963:announceProvider', (e) => window.__announced.push(e.detail));
const wallet = installDevWallet({ ...config, expose: true });
for (const name of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) {
  wallet.provider.on(name, (payload) =>
    window.__events.push({ name, payload: payload instanceof Error ? { code: payload.code, message: payload.message } : payload }));
}
document.documentElement.dataset.ready = 'true';
`;

export interface TestServer {
  url: string;
  server: Server;
  /** The CSP header sent with the page. */
  csp: string;
}

export function servePage(devWallet: string, config: PageConfig, rpcOrigins: string[]): Promise<TestServer> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${rpcOrigins.join(' ')}`,
  ].join('; ');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>dev wallet test</title>
<script type="application/json" id="config">${JSON.stringify(config)}</script>
<script type="module" src="/page.js"></script></head><body><h1>Dev wallet test page</h1></body></html>`;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const js = { 'content-type': 'text/javascript', 'content-security-policy': csp };
    if (path === '/') res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp }).end(html);
    else if (path === '/page.js') res.writeHead(200, js).end(pageScript);
    else if (path === '/dev-wallet.js') res.writeHead(200, js).end(devWallet);
    else if (path === '/favicon.ico') res.writeHead(204).end();
    else res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, server, csp });
    }),
  );
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}
