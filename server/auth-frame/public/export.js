// The key export inside the secure frame: a warning, a code mailed to the visitor's current address and typed
// here, then the keys, hidden until revealed, with copy buttons. The keys exist only in this page (the service's
// origin): nothing about them is posted to the host page, which learns only that the panel opened and closed.

import { m, mPlural } from './messages.js';

// The words are the service's, in the visitor's language (messages.js); a refusal is `export.<code>`.
const REFUSALS = ['no_email', 'not_signed_in', 'resend_too_soon', 'rate_limited', 'invalid_code', 'wrong_code', 'expired_code', 'too_many_attempts', 'mail_failed'];

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function button(text, primary) {
  const node = el('button', text, primary ? 'primary' : undefined);
  node.type = 'button';
  return node;
}

function refusal(error) {
  const code = typeof error?.code === 'string' ? error.code : '';
  const left = error?.data?.attemptsLeft;
  if (code === 'wrong_code' && typeof left === 'number') return mPlural('export.wrongCodeLeft', left);
  return m(REFUSALS.includes(code) ? `export.${code}` : 'export.failed');
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API not allowed in this frame: select a hidden field and copy it.
    const field = el('textarea');
    field.value = text;
    field.setAttribute('aria-hidden', 'true');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    const done = document.execCommand('copy');
    field.remove();
    return done;
  }
}

/** One key: its label and address, the key masked until Reveal, Copy. */
function keyBlock(label, address, secret) {
  const section = el('section', undefined, 'key');
  const heading = el('h2', label);
  const where = el('p', address, 'address');
  const value = el('pre', '•'.repeat(32), 'secret');
  value.setAttribute('aria-label', m('export.hiddenLabel', { label }));
  value.dataset.hidden = 'true';
  const reveal = button(m('export.reveal'));
  const copyButton = button(m('export.copy'));
  const status = el('p', '', 'status');
  status.setAttribute('role', 'status');
  reveal.addEventListener('click', () => {
    const hidden = value.dataset.hidden === 'true';
    value.textContent = hidden ? secret : '•'.repeat(32);
    value.dataset.hidden = String(!hidden);
    value.setAttribute('aria-label', hidden ? label : m('export.hiddenLabel', { label }));
    reveal.textContent = m(hidden ? 'export.hide' : 'export.reveal');
  });
  copyButton.addEventListener('click', async () => {
    status.textContent = m((await copy(secret)) ? 'export.copied' : 'export.copyRefused');
  });
  const actions = el('div', undefined, 'actions');
  actions.append(reveal, copyButton);
  section.append(heading, where, value, actions, status);
  return section;
}


/**
 * Shows the export panel; resolves `{ shown }` (whether the keys were shown) when the visitor closes it.
 * `onCancel` receives a function that ends the panel (the host page closed its modal).
 */
export function keyExport({ api, post, onCancel }) {
  const main = el('main');
  main.id = 'export';
  main.setAttribute('aria-labelledby', 'export-title');
  document.body.append(main);
  const title = el('h1', m('export.title'));
  title.id = 'export-title';
  const warning = el('p', m('export.warning'), 'warning');
  warning.setAttribute('role', 'alert');
  const error = el('p', '', 'error');
  error.setAttribute('role', 'alert');
  let shown = false;

  return new Promise((resolve) => {
    const close = () => {
      onCancel(undefined);
      main.replaceChildren();
      main.remove();
      post({ event: 'approve', open: false });
      resolve({ shown });
    };
    onCancel(close);
    const cancel = button(m('export.cancel'));
    cancel.addEventListener('click', close);

    const showKeys = (keys) => {
      shown = true;
      const done = button(m('export.done'), true);
      done.addEventListener('click', close);
      const actions = el('div', undefined, 'actions');
      actions.append(done);
      main.replaceChildren(
        title,
        warning,
        keyBlock(m('export.evmKey'), keys.evm.address, keys.evm.privateKey),
        keyBlock(m('export.solanaKey'), keys.solana.address, keys.solana.secretKey),
        actions,
      );
      done.focus();
    };

    const askCode = (email) => {
      const label = el('label', m('export.codeSent', { email }));
      const input = el('input');
      input.id = 'export-code';
      label.htmlFor = 'export-code';
      Object.assign(input, { inputMode: 'numeric', autocomplete: 'one-time-code', maxLength: 6, required: true });
      const confirm = button(m('export.showKeys'), true);
      const resend = button(m('export.resend'));
      const submit = async () => {
        confirm.disabled = true;
        error.textContent = '';
        try {
          showKeys(await api('/api/keys/export/reveal', { code: input.value.trim() }));
        } catch (err) {
          error.textContent = refusal(err);
          confirm.disabled = false;
          input.focus();
        }
      };
      confirm.addEventListener('click', submit);
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') void submit();
      });
      resend.addEventListener('click', () => void send());
      const actions = el('div', undefined, 'actions');
      actions.append(cancel, resend, confirm);
      main.replaceChildren(title, warning, label, input, error, actions);
      input.focus();
    };

    const send = async () => {
      error.textContent = '';
      try {
        const { email } = await api('/api/keys/export/start', {});
        askCode(email);
      } catch (err) {
        error.textContent = refusal(err);
      }
    };

    const start = button(m('export.emailCode'), true);
    start.addEventListener('click', () => {
      start.disabled = true;
      void send().finally(() => (start.disabled = false));
    });
    const intro = el('p', m('export.intro'));
    const actions = el('div', undefined, 'actions');
    actions.append(cancel, start);
    main.replaceChildren(title, warning, intro, error, actions);
    main.hidden = false;
    post({ event: 'approve', open: true });
    start.focus();
  });
}
