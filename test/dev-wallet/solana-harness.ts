// The dev wallet's Solana page: the wallet and @wallet-standard/app's getWallets() bundled by esbuild into
// one module, served under a strict CSP, so the page sees the wallet the way a dapp does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { browserBundle } from './harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The page module: installs the wallet from its JSON config and keeps what the registry and events say. */
const entry = `
import { installDevWallet } from './demo/dev-wallet/index.ts';
import { getWallets } from '@wallet-standard/app';
const config = JSON.parse(document.getElementById('config').textContent);
window.__announced = [];
window.addEventListener('eip6963:announceProvider', (e) => window.__announced.push(e.detail));
const registry = getWallets();
window.__registry = registry;
window.__changes = [];
window.devWalletInstall = () => installDevWallet({ ...config, expose: true });
if (!config.manual) window.devWalletInstall();
const standard = () => registry.get().find((w) => w.name === 'Dev Wallet');
window.__standard = standard;
const wallet = standard();
wallet?.features['standard:events'].on('change', (p) => window.__changes.push({ accounts: (p.accounts ?? []).map((a) => a.address) }));
// Calls a feature method: bytes travel as number arrays, accounts as addresses; 'connected' is the account.
const plain = (v) =>
  v instanceof Uint8Array ? [...v] : Array.isArray(v) ? v.map(plain)
  : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'accounts' ? x.map((a) => a.address) : plain(x)]))
  : v;
window.__calls = {};
window.__start = (feature, method, input) => {
  const wallet = standard();
  const args = input ? { ...input } : undefined;
  for (const k of ['message', 'transaction']) if (args && Array.isArray(args[k])) args[k] = new Uint8Array(args[k]);
  if (args && args.account === 'connected') args.account = wallet.accounts[0];
  const key = 'call-' + Object.keys(window.__calls).length;
  window.__calls[key] = wallet.features[feature][method](args).then(
    (result) => ({ result: plain(result) }),
    (e) => ({ error: { code: e.code, message: e.message } }),
  );
  return key;
};
document.documentElement.dataset.ready = 'true';
`;

export function bundleSolanaPage(): Promise<string> {
  return browserBundle({ stdin: { contents: entry, resolveDir: root, sourcefile: 'solana-page.ts', loader: 'ts' } });
}

export function serveSolanaPage(bundle: string, config: Record<string, unknown>, rpcOrigins: string[]): Promise<{ url: string; server: Server }> {
  const csp = ["default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", `connect-src 'self' ${rpcOrigins.join(' ')}`].join('; ');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>dev wallet solana test</title>
<script type="application/json" id="config">${JSON.stringify(config)}</script>
<script type="module" src="/page.js"></script></head><body><h1>Dev wallet Solana test page</h1></body></html>`;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/') res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp }).end(html);
    else if (path === '/page.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    else res.writeHead(path === '/favicon.ico' ? 204 : 404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server })),
  );
}
