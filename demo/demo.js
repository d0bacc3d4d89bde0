// The demo page's script: plain JavaScript, no build step. It uses only the public contract of
// <wallet-connect-modal> (attributes, methods, events, `state`; see README.md) and the dev wallet export.
// Both modules are imported dynamically, so the page still works (and says why) when one is not built yet.

const TAG = 'wallet-connect-modal';
const EVENTS = [
  'wallet-open',
  'wallet-close',
  'wallet-connect',
  'wallet-disconnect',
  'wallet-account-change',
  'wallet-network-change',
  'wallet-session',
  'wallet-transaction',
  'wallet-error',
];
const MAX_LOG_ITEMS = 200;

const el = document.querySelector(TAG);
const byId = (id) => document.getElementById(id);

/** JSON that survives bigint amounts (the widget's amounts are bigint end to end). */
const toJson = (value, indent) =>
  JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${v}n` : v), indent) ?? String(value);

function notify(text) {
  const p = document.createElement('p');
  p.textContent = text;
  byId('notices').append(p);
}

const widgetReady = () => customElements.get(TAG) !== undefined;

// ---- state and event log -------------------------------------------------------------------------

function renderState() {
  const out = byId('state');
  if (!widgetReady()) return;
  const text = toJson(el.state, 2);
  if (out.textContent !== text) out.textContent = text;
  renderDisconnect();
}

/** Disconnect is there only while a wallet is connected; otherwise it says why it is off. */
function renderDisconnect() {
  const connected = widgetReady() && el.state.status === 'connected';
  byId('disconnect').disabled = !connected;
  byId('disconnect-reason').hidden = connected;
}

function logEvent(name, detail) {
  const li = document.createElement('li');
  li.dataset.event = name;
  const label = document.createElement('strong');
  label.textContent = name;
  const payload = document.createElement('code');
  payload.textContent = toJson(detail);
  li.append(label, ' ', payload);
  const list = byId('event-log');
  list.prepend(li);
  while (list.children.length > MAX_LOG_ITEMS) list.lastElementChild.remove();
}

for (const name of EVENTS) {
  el.addEventListener(name, (event) => {
    logEvent(name, event.detail);
    renderState();
  });
}
byId('clear-log').addEventListener('click', () => byId('event-log').replaceChildren());
// Some state changes (e.g. "connecting") raise no event: refresh the view now and then.
setInterval(renderState, 1000);

// ---- widget controls -----------------------------------------------------------------------------

/** Runs a widget method, reporting a missing widget or a failure instead of throwing into the void. */
async function withWidget(action) {
  if (!widgetReady()) {
    notify('The widget is not loaded yet (see above).');
    return;
  }
  try {
    await action();
  } catch (error) {
    notify(`${error?.code ?? 'Error'}: ${error?.message ?? error}`);
  } finally {
    renderState();
  }
}

// <wallet-connect-button id="open"> opens the modal itself (and shows the account once connected).
// A disabled button sends no click; the check stays for a state that changed since the last render.
byId('disconnect').addEventListener('click', () => withWidget(() => (el.state.status === 'connected' ? el.disconnect() : undefined)));

const theme = byId('theme');
theme.value = el.getAttribute('theme') ?? 'system';
document.documentElement.dataset.theme = theme.value;
theme.addEventListener('change', () => {
  el.setAttribute('theme', theme.value);
  document.documentElement.dataset.theme = theme.value;
});

const allowUnsupported = byId('allow-unsupported-chain');
allowUnsupported.checked = el.hasAttribute('allow-unsupported-chain');
allowUnsupported.addEventListener('change', () => el.toggleAttribute('allow-unsupported-chain', allowUnsupported.checked));

// ---- sign in with the wallet ---------------------------------------------------------------------

const siwx = byId('siwx');
const siwxRequired = byId('siwx-required');
let lastSession = '(none yet)';

/** The panel: the last wallet-session event and the backend's own answer to GET session. */
async function renderSession() {
  const out = byId('siwx-session');
  const url = el.getAttribute('siwx-url');
  if (!url) {
    out.textContent = 'Sign-in is off.';
    return;
  }
  let answer;
  try {
    const response = await fetch(`${url}/session`, { credentials: 'include', cache: 'no-store' });
    answer = toJson(await response.json(), 2);
  } catch (error) {
    answer = `failed (${error.message})`;
  }
  // The toggle may have changed while the backend answered.
  if (el.getAttribute('siwx-url') === url) out.textContent = `wallet-session: ${lastSession}\nGET ${url}/session: ${answer}`;
}

// The two boxes are remembered for this browser, and applied before the widget loads (as markup would be), so a
// reload with a wallet still connected shows the widget finding its session again.
const SIWX_KEY = 'wallet-connect-modal-demo:siwx';
function applySiwx() {
  if (siwx.checked) el.setAttribute('siwx-url', siwx.dataset.siwxUrl);
  else el.removeAttribute('siwx-url');
  el.toggleAttribute('siwx-required', siwxRequired.checked);
  localStorage.setItem(SIWX_KEY, JSON.stringify({ on: siwx.checked, required: siwxRequired.checked }));
  void renderSession();
}
try {
  const saved = JSON.parse(localStorage.getItem(SIWX_KEY) ?? 'null');
  siwx.checked = saved?.on === true || el.hasAttribute('siwx-url');
  siwxRequired.checked = saved?.required === true || el.hasAttribute('siwx-required');
} catch {
  // a stored value that is not JSON: the boxes start off
}
if (siwx.checked || siwxRequired.checked) applySiwx();
siwx.addEventListener('change', applySiwx);
siwxRequired.addEventListener('change', applySiwx);
el.addEventListener('wallet-session', (event) => {
  lastSession = event.detail.status;
  void renderSession();
});

// ---- the integration snippet ---------------------------------------------------------------------

/** The attributes this page's element has, as a site owner would copy them. */
const SNIPPET_ATTRIBUTES = ['networks', 'default-network', 'rpc-urls', 'api-url', 'relay-url', 'directory-url', 'auth-url', 'project-id', 'features', 'theme'];
const escapeAttribute = (value, quote) => value.replaceAll('&', '&amp;').replaceAll(quote, quote === '"' ? '&quot;' : '&#39;');

/** Markup that works pasted into any page: the bundle by absolute URL, the element, the account button, two listeners. */
function integrationSnippet() {
  const attributes = SNIPPET_ATTRIBUTES.filter((name) => el.hasAttribute(name)).map((name) => {
    const value = el.getAttribute(name);
    // JSON reads best in single quotes.
    return value.includes('"') ? `  ${name}='${escapeAttribute(value, "'")}'` : `  ${name}="${escapeAttribute(value, '"')}"`;
  });
  const bundle = new URL('/dist/wallet-connect-modal.js', location.href).href;
  return [
    `<script type="module" src="${bundle}"></script>`,
    `<wallet-connect-modal`,
    ...attributes,
    `></wallet-connect-modal>`,
    `<wallet-connect-button></wallet-connect-button>`,
    `<script type="module">`,
    `  const modal = document.querySelector('wallet-connect-modal');`,
    `  modal.addEventListener('wallet-connect', (e) => console.log('connected', e.detail.address, e.detail.chainId));`,
    `  modal.addEventListener('wallet-error', (e) => console.warn(e.detail.code, e.detail.message));`,
    `</script>`,
  ].join('\n');
}

byId('snippet').textContent = integrationSnippet();
byId('copy-snippet').addEventListener('click', async () => {
  const out = byId('snippet-copied');
  try {
    await navigator.clipboard.writeText(byId('snippet').textContent);
    out.textContent = 'Copied.';
    out.dataset.status = 'ok';
  } catch {
    out.textContent = 'Could not copy: select the text above instead.';
    out.dataset.status = 'error';
  }
});

// ---- use the provider ----------------------------------------------------------------------------

const utf8ToHex = (text) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;

byId('sign').addEventListener('click', async () => {
  const out = byId('sign-result');
  out.textContent = '';
  out.dataset.status = 'pending';
  const provider = widgetReady() ? el.getProvider('eip155') : undefined;
  try {
    if (!provider) throw new Error('No EVM provider: load the widget and connect a wallet first.');
    const [address] = await provider.request({ method: 'eth_accounts' });
    if (!address) throw new Error('No account: connect a wallet first.');
    out.textContent = 'Waiting for the wallet…';
    const message = byId('message').value;
    const signature = await provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] });
    out.textContent = `Signed by ${address}:\n${signature}`;
    out.dataset.status = 'ok';
  } catch (error) {
    out.textContent = error?.code === undefined ? String(error?.message ?? error) : `Error ${error.code}: ${error.message}`;
    out.dataset.status = 'error';
  }
});

// ---- the dev wallet ------------------------------------------------------------------------------

/** The chains of the element's `rpc-urls` attribute (keys `eip155:<id>`), as the dev wallet wants them. */
function chainsFromAttribute() {
  let urls = {};
  try {
    urls = JSON.parse(el.getAttribute('rpc-urls') ?? '{}');
  } catch {
    // reported below as "no chains"
  }
  return Object.entries(urls).flatMap(([caip2, rpcUrl]) => {
    const match = /^eip155:(\d+)$/.exec(caip2);
    // An unreplaced %RPC_URL_…% placeholder means the page was not served by the local server.
    if (!match || typeof rpcUrl !== 'string' || !/^https?:\/\//.test(rpcUrl)) return [];
    return [{ chainId: Number(match[1]), rpcUrl, name: `Anvil ${match[1]}` }];
  });
}

/** The Solana RPCs in rpc-urls (`solana:<ref>` keys): the local chain's as `rpcUrl`, any other as `chains`. */
function solanaFromAttribute(localChainId) {
  let urls = {};
  try {
    urls = JSON.parse(el.getAttribute('rpc-urls') ?? '{}');
  } catch {
    // no Solana RPC then
  }
  const entries = Object.entries(urls).filter(([caip2, url]) => caip2.startsWith('solana:') && typeof url === 'string' && /^https?:\/\//.test(url));
  const local = entries.find(([caip2]) => caip2 === localChainId);
  return {
    ...(local ? { rpcUrl: local[1] } : {}),
    chains: entries.filter(([caip2]) => caip2 !== localChainId).map(([chain, rpcUrl]) => ({ chain, rpcUrl })),
  };
}

function wireDevWallet(wallet) {
  const status = byId('dev-wallet-status');
  const render = () => {
    const who = `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)} (account #${wallet.accountIndex})`;
    status.textContent = `${who} on chain ${wallet.chainId}, ${wallet.authorized ? 'connected to this site' : 'not connected'}.`;
  };
  for (const event of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) wallet.provider.on(event, render);
  render();

  const mode = byId('dev-wallet-mode');
  mode.value = wallet.mode;
  mode.addEventListener('change', () => wallet.setMode(mode.value));
  byId('wallet-switch-31338').addEventListener('click', () => wallet.switchChain(31338));
  byId('wallet-switch-1').addEventListener('click', () => wallet.switchChain(1));
  byId('wallet-next-account').addEventListener('click', () => wallet.setAccount((wallet.accountIndex + 1) % 10));
  byId('wallet-disconnect').addEventListener('click', () => {
    wallet.disconnect();
    render();
  });
}

async function installWallet() {
  const chains = chainsFromAttribute();
  if (chains.length === 0) {
    notify('No RPC URLs in the rpc-urls attribute: serve this page with `npm start`, which fills them in.');
    return;
  }
  try {
    const { installDevWallet, LOCAL_SOLANA_CHAIN_ID } = await import('/dist/dev-wallet.js');
    wireDevWallet(installDevWallet({ chains, mode: 'prompt', expose: true, solana: solanaFromAttribute(LOCAL_SOLANA_CHAIN_ID) }));
  } catch (error) {
    notify(`The dev wallet did not load (${error.message}). Build it with \`npm run build\`.`);
    byId('dev-wallet-status').textContent = 'Not available.';
  }
}

async function loadWidget() {
  try {
    await import('/dist/wallet-connect-modal.js');
  } catch (error) {
    byId('state').textContent = 'The widget is not loaded.';
    notify(`The widget module did not load (${error.message}). Build it with \`npm run build\`; the rest of the page works.`);
    return;
  }
  await customElements.whenDefined(TAG);
  renderState();
}

// The wallet first, so it has announced itself (EIP-6963) by the time the widget looks for wallets;
// the widget also asks again with eip6963:requestProvider, so the order is a nicety, not a requirement.
await installWallet();
await loadWidget();
