/**
 * The sandbox provider's pages: server-rendered HTML with no script at all (the form posts), styled by one
 * stylesheet from its own origin, under a CSP that allows nothing else.
 */
import { formatUnits } from 'viem';
import { PROVIDER, TEST_CARDS, formatCents } from './catalog.js';
import type { SandboxQuote } from './quote.js';

export const PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export const STYLESHEET = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; padding: 24px; max-width: 420px; margin-inline: auto; }
h1 { font-size: 20px; margin: 0 0 4px; }
.badge { display: inline-block; font-size: 12px; padding: 2px 8px; border-radius: 999px; background: #fde68a; color: #713f12; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 16px 0; }
dt, .hint { color: #4b5563; }
dd { margin: 0; text-align: end; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
form { display: grid; gap: 12px; }
label { display: grid; gap: 4px; font-size: 14px; }
input { font: inherit; padding: 10px; border: 1px solid #888; border-radius: 8px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
button { font: inherit; padding: 12px; border: 0; border-radius: 10px; background: #1d4ed8; color: #fff; cursor: pointer; }
.error { color: #b91c1c; margin: 0; }
.hint { font-size: 13px; }
.done { color: #15803d; }
@media (prefers-color-scheme: dark) { dt, .hint { color: #c4c8cf; } .error { color: #fca5a5; } .done { color: #86efac; } }
`;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><link rel="stylesheet" href="/sandbox.css"></head>
<body><main><h1>${escape(PROVIDER.name)}</h1><span class="badge">Sandbox: test money only</span>${body}</main></body>
</html>`;
}

const receive = (quote: SandboxQuote) => `${formatUnits(quote.payout, quote.asset.decimals)} ${quote.asset.symbol}`;

function summary(quote: SandboxQuote, address: string): string {
  const fiat = (value: bigint) => `${formatCents(value)} ${quote.fiat}`;
  return `<dl>
<dt>You pay</dt><dd data-total>${escape(fiat(quote.totalCents))}</dd>
<dt>Provider fee</dt><dd>${escape(fiat(quote.feeCents))}</dd>
<dt>Network fee</dt><dd>${escape(fiat(quote.networkFeeCents))}</dd>
<dt>You receive</dt><dd data-receive>${escape(receive(quote))}</dd>
<dt>Network</dt><dd>${escape(quote.asset.displayName)}</dd>
<dt>To</dt><dd>${escape(address)}</dd>
</dl>`;
}

export function paymentPage(orderId: string, quote: SandboxQuote, address: string, error?: string): string {
  return layout(
    `Pay ${formatCents(quote.totalCents)} ${quote.fiat}`,
    `${summary(quote, address)}
<form method="post" action="/pay/${escape(orderId)}">
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<label>Card number<input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
<div class="row"><label>Expiry (MM/YY)<input name="expiry" autocomplete="cc-exp" placeholder="12/34" required></label>
<label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label></div>
<button type="submit">Pay ${escape(formatCents(quote.totalCents))} ${escape(quote.fiat)}</button>
</form>
<p class="hint">Test cards: ${TEST_CARDS.success.replace(/(\d{4})(?=\d)/g, '$1 ')} succeeds, ${TEST_CARDS.decline.replace(/(\d{4})(?=\d)/g, '$1 ')} is declined; any future expiry and any 3 digits.</p>`,
  );
}

export function receiptPage(quote: SandboxQuote, address: string, transaction: string): string {
  return layout(
    'Payment complete',
    `<p class="done" role="status">Payment complete: ${escape(receive(quote))} sent.</p>
${summary(quote, address)}
<dl><dt>Transaction</dt><dd data-transaction>${escape(transaction)}</dd></dl>
<p class="hint">You can close this window.</p>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<p class="error" role="alert">${escape(message)}</p>`);
}
