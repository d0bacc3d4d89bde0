/**
 * The sandbox on-ramp provider: a JSON API for the wallet data API (options, quotes, orders, like a real
 * provider's partner API) and, on its own origin, the payment page a buyer opens from the widget. A paid
 * order is paid out on the local chain (payout.ts) and answered with a receipt; a declined card pays nothing.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { TEST_CARDS, onRampOptions, type SandboxAsset } from './catalog.js';
import { PAGE_CSP, STYLESHEET, messagePage, paymentPage, receiptPage } from './pages.js';
import { isDestination, type Payout } from './payout.js';
import { QuoteError, computeQuote, parseFiatAmount, quoteBody, type ExactPrice, type SandboxQuote } from './quote.js';

/** The largest request body the sandbox reads. */
export const SANDBOX_MAX_BODY = 16 * 1024;
/** Orders (and recent quotes) kept in memory at most. */
export const MAX_ORDERS = 10_000;

export interface SandboxOptions {
  assets: readonly SandboxAsset[];
  /** The asset's USD price, exactly. */
  prices: (asset: SandboxAsset) => Promise<ExactPrice>;
  payout: Payout;
  /** The page's public base URL (known once listening). */
  baseUrl: () => string;
  /** How long a quote is honoured by an order for the same purchase (default 5 min). */
  quoteTtlMs?: number;
}

interface Order {
  id: string;
  quote: SandboxQuote;
  address: string;
  paid?: string;
  paying?: Promise<string>;
}

const purchaseSchema = z.object({ symbol: z.string().min(1), network: z.string().optional(), fiat: z.string().min(1), amount: z.string().min(1) });
const orderSchema = purchaseSchema.extend({ address: z.string().min(1) });

export function createSandboxApp({ assets, prices, payout, baseUrl, quoteTtlMs = 300_000 }: SandboxOptions): { app: Hono; orders: Map<string, Order> } {
  const orders = new Map<string, Order>();
  const recent = new Map<string, { at: number; quote: SandboxQuote }>();

  const assetOf = (symbol: string, network: string | undefined): SandboxAsset => {
    const matches = assets.filter((asset) => asset.symbol.toUpperCase() === symbol.toUpperCase());
    // The hosted client sends the currency symbol as `network` (docs/wire-formats.md#wallet-data-api): then the first network.
    const asset = matches.find((a) => a.network === network) ?? (network === undefined || !assets.some((a) => a.network === network) ? matches[0] : undefined);
    if (!asset) throw new QuoteError(matches.length ? 'network' : 'purchaseCurrency', matches.length ? `${symbol} is not sold on ${network}` : `${symbol} is not sold here`);
    return asset;
  };

  const quote = async (input: z.infer<typeof purchaseSchema>): Promise<SandboxQuote> => {
    const asset = assetOf(input.symbol, input.network);
    const key = `${asset.chainId}|${asset.symbol}|${input.fiat}|${parseFiatAmount(input.amount)}`;
    const made = computeQuote({ asset, fiat: input.fiat, amount: input.amount, price: await prices(asset), quoteId: randomUUID() });
    const now = Date.now();
    for (const [old, held] of recent) if (now - held.at >= quoteTtlMs) recent.delete(old);
    if (recent.size >= MAX_ORDERS) recent.delete(recent.keys().next().value as string);
    recent.set(key, { at: now, quote: made });
    return made;
  };

  /** An order honours the latest quote for the same purchase while it is fresh: the buyer gets what was quoted. */
  const quoteForOrder = async (input: z.infer<typeof purchaseSchema>): Promise<SandboxQuote> => {
    const asset = assetOf(input.symbol, input.network);
    const held = recent.get(`${asset.chainId}|${asset.symbol}|${input.fiat}|${parseFiatAmount(input.amount)}`);
    return held && Date.now() - held.at < quoteTtlMs ? held.quote : quote(input);
  };

  const app = new Hono();
  app.onError((err, c) => {
    if (err instanceof QuoteError) return c.json({ status: 'ERROR', reasons: [{ name: err.input, description: err.message }] }, 400);
    if (err instanceof z.ZodError) return c.json({ status: 'ERROR', reasons: err.issues.map((i) => ({ name: String(i.path[0] ?? 'body'), description: i.message })) }, 400);
    console.error('[onramp-sandbox]', err);
    return c.json({ status: 'ERROR', reasons: [{ name: 'server', description: 'Internal server error' }] }, 500);
  });
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) c.res.headers.set('Content-Security-Policy', PAGE_CSP);
  });

  // Quotes, orders and the pay form are a few hundred bytes.
  app.use('*', bodyLimit({ maxSize: SANDBOX_MAX_BODY, onError: (c) => c.json({ status: 'ERROR', reasons: [{ name: 'body', description: `the body is over ${SANDBOX_MAX_BODY} bytes` }] }, 413) }));
  app.get('/health', (c) => c.json({ ok: true }));
  app.get('/api/options', (c) => c.json(onRampOptions(assets)));
  app.post('/api/quote', async (c) => c.json(quoteBody(await quote(purchaseSchema.parse(await c.req.json())))));
  app.post('/api/orders', async (c) => {
    const input = orderSchema.parse(await c.req.json());
    const made = await quoteForOrder(input);
    if (!isDestination(made.asset, input.address)) throw new QuoteError('address', `${input.address} is not an address on ${made.asset.displayName}`);
    const order: Order = { id: randomUUID(), quote: made, address: input.address };
    // Orders are kept in memory for their payment page: the oldest go past MAX_ORDERS.
    if (orders.size >= MAX_ORDERS) orders.delete(orders.keys().next().value as string);
    orders.set(order.id, order);
    return c.json({ orderId: order.id, url: new URL(`pay/${order.id}`, baseUrl()).href, quote: quoteBody(made) });
  });

  app.get('/sandbox.css', (c) => c.body(STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/pay/:id', (c) => {
    const order = orders.get(c.req.param('id'));
    if (!order) return c.html(messagePage('Order not found', 'This payment link is not valid. Start again from the site.'), 404);
    if (order.paid) return c.html(receiptPage(order.quote, order.address, order.paid));
    return c.html(paymentPage(order.id, order.quote, order.address));
  });
  app.post('/pay/:id', async (c) => {
    const order = orders.get(c.req.param('id'));
    if (!order) return c.html(messagePage('Order not found', 'This payment link is not valid. Start again from the site.'), 404);
    if (order.paid) return c.html(receiptPage(order.quote, order.address, order.paid));
    const form = await c.req.parseBody();
    const number = String(form.number ?? '').replace(/[\s-]/g, '');
    const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(String(form.expiry ?? '').trim());
    const cvc = /^\d{3,4}$/.test(String(form.cvc ?? '').trim());
    const again = (status: 400 | 402, message: string) => c.html(paymentPage(order.id, order.quote, order.address, message), status);
    if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12 || !cvc) return again(400, 'Enter the expiry as MM/YY and a 3- or 4-digit CVC.');
    if (number === TEST_CARDS.decline) return again(402, 'Your card was declined. No money was taken.');
    if (number !== TEST_CARDS.success) return again(400, 'This sandbox takes test cards only: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.');
    // One payout per order, even if the form is sent twice.
    order.paying ??= payout(order.quote.asset, order.address, order.quote.payout);
    try {
      order.paid = await order.paying;
    } catch (err) {
      order.paying = undefined;
      console.error('[onramp-sandbox] payout failed:', err);
      return c.html(messagePage('Payment failed', 'The payment was taken back: the funds could not be sent. Try again later.'), 502);
    }
    return c.html(receiptPage(order.quote, order.address, order.paid));
  });
  return { app, orders };
}
