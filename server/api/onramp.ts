/**
 * The on-ramp calls of the Blockchain API (docs/wire-formats.md#wallet-data-api), answered by an on-ramp provider's
 * partner API (here the sandbox, devstack/onramp-sandbox/) the way the hosted service forwards to its provider:
 * options, a quote, and the provider's payment URL for a destination wallet.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import { ApiError, type ApiReason } from './errors.js';
import { parseInputs } from './params.js';

export interface OnRampRouteOptions {
  /** The provider's base URL; without it the service sells nothing (empty options, 404 quotes). */
  providerUrl: string | undefined;
  projectIds: ReadonlySet<string> | undefined;
}

const currencyName = z.union([z.string().min(1), z.object({ symbol: z.string().min(1) }).transform((c) => c.symbol)]);
const fiatName = z.union([z.string().min(1), z.object({ id: z.string().min(1) }).transform((c) => c.id)]);
const decimalString = z.union([z.string(), z.number().nonnegative().transform(String)]);

const quoteSchema = z.object({
  purchaseCurrency: currencyName,
  paymentCurrency: fiatName,
  amount: decimalString,
  network: z.string().min(1).optional(),
});

const urlSchema = z.object({
  destinationWallets: z
    .array(z.object({ address: z.string().min(1), blockchains: z.array(z.string()).default([]), assets: z.array(z.string()).min(1, 'assets must name the currency to buy') }))
    .min(1, 'destinationWallets must hold one wallet'),
  defaultNetwork: z.string().min(1).optional(),
  partnerUserId: z.string().optional(),
  defaultExperience: z.enum(['buy', 'send']).optional(),
  presetCryptoAmount: decimalString.optional(),
  presetFiatAmount: decimalString.optional(),
  /** Our addition: the fiat currency (`USD` when absent, as the hosted provider assumes). */
  paymentCurrency: z.string().min(1).optional(),
});

const projectQuery = z.object({ projectId: z.string().trim().min(1, 'projectId is required') });

async function json(text: string): Promise<unknown> {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw ApiError.badRequest('body', 'body must be JSON');
  }
}

export function addOnRampRoutes(app: Hono, { providerUrl, projectIds }: OnRampRouteOptions): void {
  const project = (query: Record<string, string>) => {
    const [{ projectId }] = parseInputs([[projectQuery, query, 'projectId']]);
    if (projectIds && !projectIds.has(projectId)) throw new ApiError(403, [{ name: 'projectId', description: 'Unknown project id' }]);
  };

  /** Calls the provider; its 400s are the caller's mistakes and pass through, anything else is a 502. */
  const provider = async (path: string, body?: unknown): Promise<unknown> => {
    if (!providerUrl) throw new ApiError(404, [{ name: 'onramp', description: 'no on-ramp provider is configured' }]);
    let response: Response;
    try {
      response = await fetch(new URL(path, providerUrl), body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    } catch {
      throw new ApiError(502, [{ name: 'onramp', description: 'the on-ramp provider did not answer' }]);
    }
    const answer = (await response.json().catch(() => undefined)) as { reasons?: ApiReason[] } | undefined;
    if (response.status === 400 && answer?.reasons) throw new ApiError(400, answer.reasons);
    if (!response.ok || answer === undefined) throw new ApiError(502, [{ name: 'onramp', description: `the on-ramp provider answered ${response.status}` }]);
    return answer;
  };

  app.get('/v1/onramp/options', async (c) => (providerUrl ? c.json(await provider('api/options')) : c.json({ paymentCurrencies: [], purchaseCurrencies: [] })));

  app.post('/v1/onramp/quote', async (c) => {
    project(c.req.query());
    const [input] = parseInputs([[quoteSchema, await json(await c.req.text()), 'body']]);
    return c.json(await provider('api/quote', { symbol: input.purchaseCurrency, network: input.network, fiat: input.paymentCurrency, amount: input.amount }));
  });

  app.post('/v1/generators/onrampurl', async (c) => {
    project(c.req.query());
    const [input] = parseInputs([[urlSchema, await json(await c.req.text()), 'body']]);
    const wallet = input.destinationWallets[0]!;
    if (input.presetFiatAmount === undefined) throw ApiError.badRequest('presetFiatAmount', 'presetFiatAmount is required: the sandbox provider sells by the fiat amount');
    const order = (await provider('api/orders', {
      address: wallet.address,
      symbol: wallet.assets[0],
      network: input.defaultNetwork ?? wallet.blockchains[0],
      fiat: input.paymentCurrency ?? 'USD',
      amount: input.presetFiatAmount,
    })) as { url: string };
    return c.json({ url: order.url });
  });
}
