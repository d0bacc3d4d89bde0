/**
 * One local HTTP server (127.0.0.1, random port, Cache-Control: no-store) for the two bench pages:
 *   /widget.html  <wallet-connect-modal> from /dist/wallet-connect-modal.js (served from the snapshot in
 *                 .cache/bench/dist, see bench/sizes.ts)
 *   /floor.html   <floor-modal> from /floor/floor-modal.js (built by bench/floor.ts)
 * Each page loads a bench module script (/bench/<page>-page.js, no inline scripts) that records its
 * timings on window.__bench for bench/measure.ts to poll.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { SNAPSHOT_DIST } from './paths.js';
import { FLOOR_DIR } from './floor.js';

export interface PageSpec {
  name: 'widget' | 'floor' | 'baseline';
  tag: string;
  path: string;
  /** The module that defines the element. */
  entry: string;
  script: string;
  attributes: string;
}

export const PAGES: Record<PageSpec['name'], PageSpec> = {
  widget: {
    name: 'widget',
    tag: 'wallet-connect-modal',
    path: '/widget.html',
    entry: '/dist/wallet-connect-modal.js',
    script: '/bench/widget-page.js',
    attributes: ' networks="eip155:31337"',
  },
  // Another build of the widget (`npm run bench -- --baseline DIR`, DIR holding its wallet-connect-modal.js and
  // chunks/), measured in the same interleaved run: a before/after comparison beside the floor.
  baseline: {
    name: 'baseline',
    tag: 'wallet-connect-modal',
    path: '/baseline.html',
    entry: '/base/wallet-connect-modal.js',
    script: '/bench/baseline-page.js',
    attributes: ' networks="eip155:31337"',
  },
  floor: {
    name: 'floor',
    tag: 'floor-modal',
    path: '/floor.html',
    entry: '/floor/floor-modal.js',
    script: '/bench/floor-page.js',
    attributes: '',
  },
};

// The bench script comes first in the document so its listeners exist before the element's module runs
// (module scripts execute in document order). `rel=icon href=data:,` keeps Chromium from asking for /favicon.ico.
const html = (page: PageSpec) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>bench: ${page.name}</title>
<link rel="icon" href="data:,">
<script type="module" src="${page.script}"></script>
<script type="module" src="${page.entry}"></script>
</head>
<body>
<${page.tag}${page.attributes}></${page.tag}>
<button id="open">Connect</button>
</body>
</html>
`;

// Plain JS served as is (not compiled, so tsx's helpers never leak into it).
const pageScript = (tag: string) => `const tag = ${JSON.stringify(tag)};
const bench = (window.__bench = { usable: undefined, open: undefined, errors: [] });

customElements.whenDefined(tag).then(function usable() {
  const el = document.querySelector(tag);
  if (el && el.shadowRoot) bench.usable = performance.now();
  else requestAnimationFrame(usable);
});

// Capture phase on window: runs before any listener of the page or of the element.
window.addEventListener('click', (event) => {
  if (!(event.target instanceof Element) || !event.target.closest('#open') || bench.clickAt !== undefined) return;
  const start = (bench.clickAt = performance.now());
  const root = document.querySelector(tag).shadowRoot;
  let seen = false;
  let titled = false;
  // First the dialog with its title (on a first open, the entry's shell while the views load), then the view:
  // the title with no loading state left in the dialog.
  const check = () => {
    if (seen) return;
    const title = root.querySelector('dialog[open] h2');
    if (!title || !title.textContent.trim()) return;
    if (!titled) {
      titled = true;
      requestAnimationFrame(() => requestAnimationFrame(() => { bench.open = performance.now() - start; }));
    }
    if (root.querySelector('dialog[open] .loading')) return;
    seen = true;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => { bench.view = performance.now() - start; }));
  };
  const observer = new MutationObserver(check);
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  (function poll() { check(); if (!seen) requestAnimationFrame(poll); })();
}, { capture: true });

document.getElementById('open').addEventListener('click', () => {
  try {
    document.querySelector(tag).open();
  } catch (error) {
    bench.errors.push(String(error && error.stack || error));
  }
});
`;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

/** A file under `root`, or undefined (also for paths that try to leave it). */
async function staticFile(root: string, rest: string): Promise<Buffer | undefined> {
  const path = normalize(join(root, decodeURIComponent(rest)));
  if (!path.startsWith(root + sep)) return undefined;
  return readFile(path).catch(() => undefined);
}

export interface BenchServer {
  origin: string;
  close(): Promise<void>;
}

export async function startServer(baselineDir?: string): Promise<BenchServer> {
  const scripts = new Map(Object.values(PAGES).map((page) => [page.script, pageScript(page.tag)]));
  const documents = new Map(Object.values(PAGES).map((page) => [page.path, html(page)]));

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    void (async () => {
      const doc = documents.get(path);
      if (doc) return send(200, 'text/html; charset=utf-8', doc);
      const script = scripts.get(path);
      if (script) return send(200, TYPES['.js']!, script);
      const [root, rest] = path.startsWith('/dist/') ? [SNAPSHOT_DIST, path.slice(6)] : path.startsWith('/floor/') ? [FLOOR_DIR, path.slice(7)] : baselineDir && path.startsWith('/base/') ? [baselineDir, path.slice(6)] : [];
      const file = root && rest ? await staticFile(root, rest) : undefined;
      if (file) return send(200, TYPES[extname(path)] ?? 'application/octet-stream', file);
      send(404, 'text/plain; charset=utf-8', 'not found');
    })().catch((error: unknown) => send(500, 'text/plain; charset=utf-8', String(error)));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
