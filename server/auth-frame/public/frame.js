// The secure frame's script (served by server/auth-frame/, on its own origin). It talks to exactly one parent:
// the site origin named by `?parent=` (which the service checked against its allowlist, and frame-ancestors
// enforces), accepting messages only from that origin AND the parent window, and posting only to that origin.
// Keys never reach this page: it files signing requests with the service and approves them on a click.
// The one exception is the visitor's own key export (export.js), shown here only and never posted out.
import { keyExport } from './export.js';
import { m, mParts } from './messages.js';
import { amountText, dateText, text } from './values.js';

import { armWhenSeen } from './arm.js';
import { newSessionKey, proofFor } from './frame-key.js';

const parentOrigin = new URL(location.href).searchParams.get('parent');
const APP = 'wcm-app';
const FRAME = 'wcm-frame';

const post = (message) => window.parent.postMessage({ type: FRAME, ...message }, parentOrigin);

// Every call is signed by the frame's key (frame-key.js); `opensSession`: a fresh key is made and its public half sent.
async function api(path, body, opensSession = false) {
  const method = body === undefined ? 'GET' : 'POST';
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = body === undefined ? {} : { 'content-type': 'application/json' };
  if (opensSession) headers['x-wcm-key'] = await newSessionKey();
  const proof = await proofFor(method, path, text);
  if (proof) headers['x-wcm-proof'] = proof;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : text,
    credentials: 'same-origin',
  });
  const json = await response.json().catch(() => ({}));
  if (response.ok) return json;
  const error = json.error;
  if (error && typeof error === 'object') throw error;
  throw { code: typeof error === 'string' ? error : 'server_error', message: typeof error === 'string' ? error : `HTTP ${response.status}`, data: json };
}

let approving = false;
// Ends the approval on show as a Reject click would (the page closed its modal: rpc_cancel).
let cancelApproval;

// The words are the service's, in the visitor's language (messages.js).
const TITLED = ['personal_sign', 'eth_sign', 'solana_signMessage', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_grantPermissions', 'solana_signAndSendTransaction', 'solana_signTransaction'];
const ACTIONS = ['send', 'approve', 'call', 'deploy'];
const RECIPIENT = { send: 'row.to', approve: 'row.spender', call: 'row.contract', deploy: 'row.contract' };

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A list of [label, value] rows (values that are addresses get the monospace style). */
function rows(pairs) {
  const list = element('dl');
  for (const [name, shown] of pairs) {
    const value = text(shown);
    if (value === undefined) continue;
    const row = element('div');
    row.append(element('dt', name), element('dd', value, /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/.test(value) ? 'address' : undefined));
    list.append(row);
  }
  return list;
}

/** A scrollable, focusable block of text (message, call data). */
function block(label, text) {
  const pre = element('pre', text);
  pre.setAttribute('aria-label', label);
  pre.tabIndex = 0;
  return pre;
}

/** What is signed, decoded by the service from the request itself (never labels from the host page). */
function details(display) {
  const parts = [];
  if (display.message !== undefined) {
    const intro = element('p');
    const address = element('span', display.address, 'address');
    intro.append(...(display.network ? mParts('sign.introOn', { address, network: display.network }) : mParts('sign.intro', { address })));
    parts.push(intro, block(m('sign.message'), display.message));
    return parts;
  }
  if (display.permission) {
    const { site, allows, signer, expires } = display.permission;
    parts.push(
      rows([
        [m('row.site'), site],
        [m('row.allows'), allows],
        [m('row.token'), display.token],
        [m('row.toTheKey'), signer],
        [m('row.until'), dateText(expires)],
        [m('row.feeBudget'), amountText(display.permission.feeBudget, { fee: true })],
        [m('row.account'), display.address],
        [m('row.network'), display.network],
        [m('row.feeAtMost'), amountText(display.fee, { fee: true })],
      ]),
    );
    return parts;
  }
  if (display.typedData) {
    const { domain, primaryType, fields } = display.typedData;
    parts.push(rows([[m('row.account'), display.address], [m('row.domain'), domain.map(([k, v]) => `${k}: ${v}`).join(', ')], [m('row.type'), primaryType]]));
    parts.push(element('h2', primaryType), rows(fields));
    return parts;
  }
  parts.push(
    rows([
      [m('row.network'), display.network],
      [m('row.action'), ACTIONS.includes(display.action) ? m(`action.${display.action}`) : undefined],
      [m(RECIPIENT[display.action] ?? 'row.to'), display.recipient],
      [m('row.amount'), amountText(display.amount)],
      [m('row.token'), display.token],
      [m('row.from'), display.address],
      [m('row.feeAtMost'), amountText(display.fee, { fee: true })],
    ]),
  );
  if (display.instructions?.length) {
    parts.push(element('h2', m('tx.instructions')));
    const list = element('ul');
    for (const line of display.instructions) list.append(element('li', text(line)));
    parts.push(list);
  }
  if (display.data) parts.push(block(m('tx.callData'), display.data));
  return parts;
}

/** Shows ApproveTransaction for a filed request; resolves with the click's outcome. */
function approve(display) {
  const main = document.getElementById('approve');
  const h1 = element('h1', m(TITLED.includes(display.method) ? `approve.${display.method}` : 'approve.other'));
  h1.id = 'approve-title';
  const actions = element('div', undefined, 'actions');
  const reject = element('button', m('approve.reject'));
  reject.type = 'button';
  const ok = element('button', m('approve.approve'), 'primary');
  ok.type = 'button';
  actions.append(reject, ok);
  main.setAttribute('aria-labelledby', 'approve-title');
  main.replaceChildren(h1, ...details(display), actions);
  main.hidden = false;
  post({ event: 'approve', open: true });
  const armed = armWhenSeen(main, [ok, reject]);
  return new Promise((resolve) => {
    const done = (approved) => {
      armed.stop();
      cancelApproval = undefined;
      main.hidden = true;
      main.replaceChildren();
      post({ event: 'approve', open: false });
      resolve(approved);
    };
    cancelApproval = () => done(false);
    ok.addEventListener('click', (event) => {
      if (event.isTrusted && armed.ready()) done(true);
    });
    reject.addEventListener('click', () => done(false), { once: true });
  });
}

async function rpc({ method, params, chainId }) {
  if (approving) throw { code: -32002, message: 'A request is already waiting for approval' };
  const { id, display } = await api('/api/sign-requests', { method, params, chainId, site: parentOrigin });
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
  email_verify: (params) => api('/api/email/verify', { email: params?.email, code: params?.code }, true),
  // The email change (UpdateEmailWallet): a code to the current address, then one to the new address; the
  // widget polls email_update_status every second until it says done.
  email_update_start: (params) => api('/api/email/update/start', { email: params?.email }),
  email_update_verify_current: (params) => api('/api/email/update/verify-current', { code: params?.code }),
  email_update_verify_new: (params) => api('/api/email/update/verify-new', { code: params?.code }),
  email_update_status: () => api('/api/email/update'),
  // A social login's popup handed the widget a ticket; this frame (embedded by parentOrigin) redeems it.
  social_complete: (params) => api('/api/social/complete', { ticket: params?.ticket, parent: parentOrigin }, true),
  // Sign In With Farcaster: a relay channel ({url, channelToken}) to show as a QR code, then one status read per call.
  farcaster_start: () => api('/api/farcaster/start', {}),
  farcaster_wait: (params) => api('/api/farcaster/wait', { channelToken: params?.channelToken }, true),
  // Smart accounts (ERC-4337): the networks that have them, the account on a chain and whether it is deployed,
  // and the account type to use (refused with smart_account_not_enabled where the chain has none).
  smart_account_status: (params) => api(`/api/smart-account${typeof params?.chainId === 'string' ? `?chainId=${encodeURIComponent(params.chainId)}` : ''}`),
  set_preferred_account: (params) => api('/api/smart-account/preferred', { type: params?.type, chainId: params?.chainId }),
  // The most a transaction from the smart account would cost (the user operation's limits × its max fee per gas).
  smart_account_fee: (params) => api('/api/smart-account/fee', { chainId: params?.chainId, to: params?.to, value: params?.value, data: params?.data }),
  get_user: () => api('/api/session').catch((error) => (error.code === 'not_signed_in' ? null : Promise.reject(error))),
  sign_out: () => api('/api/signout', {}).then(() => null),
  rpc: (params) => rpc(params ?? {}),
  // The visitor's own keys, after a code mailed for this purpose; shown in this frame only. The host page learns
  // only whether they were shown.
  export_keys: () => {
    if (approving) throw { code: -32002, message: 'A request is already waiting for approval' };
    approving = true;
    return keyExport({ api, post, onCancel: (cancel) => (cancelApproval = cancel) }).finally(() => (approving = false));
  },
  // The page closed its modal while a request waits here: refused as by Reject (4001 to the caller, rejected at
  // the service, so it is never signed later). Nothing waiting: nothing to do.
  rpc_cancel: () => {
    cancelApproval?.();
    return null;
  },
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
