// A server-rendered page (Node, no framework) with HTMX: the widget's DOM events trigger requests, and the server
// answers with HTML. `node examples/htmx/server.mjs`, then http://127.0.0.1:8090/.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const modules = new URL('../node_modules/', import.meta.url);
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>wallet-connect-modal: HTMX</title>
<script src="/htmx.min.js"></script>
<script type="module" src="/wallet-connect-modal/dist/wallet-connect-modal.js"></script>
<wallet-connect-button></wallet-connect-button>
<wallet-connect-modal networks="eip155:1"></wallet-connect-modal>
<section id="account"
  hx-post="/account" hx-trigger="wallet-connect from:document, wallet-disconnect from:document"
  hx-vals='js:{ address: event.detail.address ?? "" }'>
  <p>Not connected</p>
</section>
</html>`;

const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  if (req.method === 'GET' && url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  if (req.method === 'GET' && url.pathname === '/htmx.min.js') {
    return res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(new URL('htmx.org/dist/htmx.min.js', modules)));
  }
  if (req.method === 'GET' && url.pathname.startsWith('/wallet-connect-modal/dist/') && !url.pathname.includes('..')) {
    try {
      return res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(new URL(`.${url.pathname}`, modules)));
    } catch {
      return res.writeHead(404).end();
    }
  }
  if (req.method === 'POST' && url.pathname === '/account') {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const address = new URLSearchParams(body).get('address');
      res.writeHead(200, { 'content-type': 'text/html' }).end(address ? `<p>Welcome, <code>${escape(address)}</code></p>` : '<p>Not connected</p>');
    });
    return;
  }
  res.writeHead(404).end();
});

server.listen(Number(process.env.PORT ?? 8090), '127.0.0.1', () => console.log(`http://127.0.0.1:${server.address().port}/`));
