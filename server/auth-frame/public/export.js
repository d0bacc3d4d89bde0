// The key export inside the secure frame: a warning, a code mailed to the visitor's current address and typed
// here, then the keys, hidden until revealed, with copy buttons. The keys exist only in this page (the service's
// origin): nothing about them is posted to the host page, which learns only that the panel opened and closed.

const REFUSALS = {
  no_email: 'Key export needs an email address on your account to confirm it is you. This login has none.',
  not_signed_in: 'You are signed out. Sign in again to export your keys.',
  resend_too_soon: 'A code was sent a moment ago. Wait a minute before asking for another.',
  rate_limited: 'Too many codes were requested. Try again later.',
  invalid_code: 'Enter the 6-digit code from the email.',
  wrong_code: 'That code is not right.',
  expired_code: 'That code has expired or was already used. Ask for a new one.',
  too_many_attempts: 'Too many wrong codes. Ask for a new one.',
  mail_failed: 'The email could not be sent. Try again later.',
};

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
  const text = REFUSALS[code] ?? 'Something went wrong. Try again.';
  const left = error?.data?.attemptsLeft;
  return code === 'wrong_code' && typeof left === 'number' ? `${text} ${left} ${left === 1 ? 'attempt' : 'attempts'} left.` : text;
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
  value.setAttribute('aria-label', `${label} (hidden)`);
  value.dataset.hidden = 'true';
  const reveal = button('Reveal');
  const copyButton = button('Copy');
  const status = el('p', '', 'status');
  status.setAttribute('role', 'status');
  reveal.addEventListener('click', () => {
    const hidden = value.dataset.hidden === 'true';
    value.textContent = hidden ? secret : '•'.repeat(32);
    value.dataset.hidden = String(!hidden);
    value.setAttribute('aria-label', hidden ? label : `${label} (hidden)`);
    reveal.textContent = hidden ? 'Hide' : 'Reveal';
  });
  copyButton.addEventListener('click', async () => {
    status.textContent = (await copy(secret)) ? 'Copied. Paste it only into a wallet you trust, then clear your clipboard.' : 'Copying is not allowed here: reveal the key and select it.';
  });
  const actions = el('div', undefined, 'actions');
  actions.append(reveal, copyButton);
  section.append(heading, where, value, actions, status);
  return section;
}

const WARNING =
  'Anyone with these keys controls your wallet: they can move everything in it, on every network, and you cannot undo it. Never share them, never paste them into a website, and never send them to anyone, including support. Show them only where no one can see your screen.';

/**
 * Shows the export panel; resolves `{ shown }` (whether the keys were shown) when the visitor closes it.
 * `onCancel` receives a function that ends the panel (the host page closed its modal).
 */
export function keyExport({ api, post, onCancel }) {
  const main = el('main');
  main.id = 'export';
  main.setAttribute('aria-labelledby', 'export-title');
  document.body.append(main);
  const title = el('h1', 'Export wallet keys');
  title.id = 'export-title';
  const warning = el('p', WARNING, 'warning');
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
    const cancel = button('Cancel');
    cancel.addEventListener('click', close);

    const showKeys = (keys) => {
      shown = true;
      const done = button('Done', true);
      done.addEventListener('click', close);
      const actions = el('div', undefined, 'actions');
      actions.append(done);
      main.replaceChildren(
        title,
        warning,
        keyBlock('EVM private key', keys.evm.address, keys.evm.privateKey),
        keyBlock('Solana secret key', keys.solana.address, keys.solana.secretKey),
        actions,
      );
      done.focus();
    };

    const askCode = (email) => {
      const label = el('label', `Enter the code we sent to ${email}`);
      const input = el('input');
      input.id = 'export-code';
      label.htmlFor = 'export-code';
      Object.assign(input, { inputMode: 'numeric', autocomplete: 'one-time-code', maxLength: 6, required: true });
      const confirm = button('Show keys', true);
      const resend = button('Send a new code');
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

    const start = button('Email me a code', true);
    start.addEventListener('click', () => {
      start.disabled = true;
      void send().finally(() => (start.disabled = false));
    });
    const intro = el('p', 'To confirm it is you, we will email a code to your address. The keys are shown only here, in this secure window, never to the site.');
    const actions = el('div', undefined, 'actions');
    actions.append(cancel, start);
    main.replaceChildren(title, warning, intro, error, actions);
    main.hidden = false;
    post({ event: 'approve', open: true });
    start.focus();
  });
}
