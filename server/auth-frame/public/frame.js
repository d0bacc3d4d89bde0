// The secure frame's script (served by server/auth-frame/, on its own origin). It talks to exactly one parent:
// the site origin named by `?parent=` (which the service checked against its allowlist, and frame-ancestors
// enforces), accepting messages only from that origin AND the parent window, and posting only to that origin.
// Keys never reach this page: it files signing requests with the service and approves them on a click.

const parentOrigin = new URL(location.href).searchParams.get('parent');
const APP = 'wcm-app';
const FRAME = 'wcm-frame';

const post = (message) => window.parent.postMessage({ type: FRAME, ...message }, parentOrigin);

async function api(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const json = await response.json().catch(() => ({}));
  if (response.ok) return json;
  const error = json.error;
  if (error && typeof error === 'object') throw error;
  throw { code: typeof error === 'string' ? error : 'server_error', message: typeof error === 'string' ? error : `HTTP ${response.status}`, data: json };
}

let approving = false;

/** Shows ApproveTransaction for a filed request; resolves with the click's outcome. */
function approve(display) {
  const main = document.getElementById('approve');
  const h1 = document.createElement('h1');
  h1.id = 'approve-title';
  h1.textContent = 'Approve request';
  const intro = document.createElement('p');
  intro.append('Sign this message with ');
  const address = document.createElement('span');
  address.className = 'address';
  address.textContent = display.address;
  intro.append(address);
  const message = document.createElement('pre');
  message.setAttribute('aria-label', 'Message');
  message.tabIndex = 0;
  message.textContent = display.message;
  const actions = document.createElement('div');
  actions.className = 'actions';
  const reject = document.createElement('button');
  reject.type = 'button';
  reject.textContent = 'Reject';
  const ok = document.createElement('button');
  ok.type = 'button';
  ok.className = 'primary';
  ok.textContent = 'Approve';
  actions.append(reject, ok);
  main.setAttribute('aria-labelledby', 'approve-title');
  main.replaceChildren(h1, intro, message, actions);
  main.hidden = false;
  post({ event: 'approve', open: true });
  ok.focus();
  return new Promise((resolve) => {
    const done = (approved) => {
      main.hidden = true;
      main.replaceChildren();
      post({ event: 'approve', open: false });
      resolve(approved);
    };
    ok.addEventListener('click', () => done(true), { once: true });
    reject.addEventListener('click', () => done(false), { once: true });
  });
}

async function rpc({ method, params }) {
  if (approving) throw { code: -32002, message: 'A request is already waiting for approval' };
  const { id, display } = await api('/api/sign-requests', { method, params });
  approving = true;
  try {
    const approved = await approve(display);
    if (!approved) {
      await api(`/api/sign-requests/${encodeURIComponent(id)}/reject`, {});
      throw { code: 4001, message: 'User rejected the request.' };
    }
    const { result } = await api(`/api/sign-requests/${encodeURIComponent(id)}/approve`, {});
    return result;
  } finally {
    approving = false;
  }
}

const METHODS = {
  email_start: (params) => api('/api/email/start', { email: params?.email }),
  email_verify: (params) => api('/api/email/verify', { email: params?.email, code: params?.code }),
  // A social login's popup handed the widget a ticket; this frame (embedded by parentOrigin) redeems it.
  social_complete: (params) => api('/api/social/complete', { ticket: params?.ticket, parent: parentOrigin }),
  // Sign In With Farcaster: a relay channel ({url, channelToken}) to show as a QR code, then one status read per call.
  farcaster_start: () => api('/api/farcaster/start', {}),
  farcaster_wait: (params) => api('/api/farcaster/wait', { channelToken: params?.channelToken }),
  get_user: () => api('/api/session').catch((error) => (error.code === 'not_signed_in' ? null : Promise.reject(error))),
  sign_out: () => api('/api/signout', {}).then(() => null),
  rpc: (params) => rpc(params ?? {}),
};

window.addEventListener('message', (event) => {
  // Only the parent window, only from the allowed origin it was opened for.
  if (event.source !== window.parent || event.origin !== parentOrigin) return;
  const data = event.data;
  if (!data || data.type !== APP || typeof data.id !== 'string' || typeof data.method !== 'string') return;
  const handler = Object.hasOwn(METHODS, data.method) ? METHODS[data.method] : undefined;
  if (!handler) {
    post({ id: data.id, error: { code: 4200, message: 'Requested RPC call is not allowed' } });
    return;
  }
  Promise.resolve()
    .then(() => handler(data.params))
    .then(
      (result) => post({ id: data.id, result: result ?? null }),
      (error) => post({ id: data.id, error: { code: error?.code ?? 'server_error', message: String(error?.message ?? error), ...(error?.data ? { data: error.data } : {}) } }),
    );
});

if (parentOrigin && window.parent !== window) post({ event: 'ready' });
