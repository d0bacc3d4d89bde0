import { atom, computed } from 'nanostores';
import { type OnRampNetwork, type OnRampQuote, type PaymentMethod, type PurchaseCurrency, currenciesFor } from '../core/onramp.js';
import type { ServiceOptions } from '../services/onramp-api.js';
import { $connected } from './connection.js';

/** Buy with card (`features=onramp`): the options, the visitor's choices, the quote. Loaded with the on-ramp chunk. */
export type OnRampOptionsState = { status: 'loading' } | { status: 'ready'; options: ServiceOptions; fallback: boolean };
export const $onRampOptions = atom<OnRampOptionsState>({ status: 'loading' });

export interface OnRampDraft {
  /** The purchase currency's symbol. */
  symbol: string | undefined;
  fiat: string;
  method: PaymentMethod;
  amount: string;
  /** Why the provider's page could not be had, shown under the form. */
  error?: string | undefined;
}
export const $onRampDraft = atom<OnRampDraft>({ symbol: undefined, fiat: 'USD', method: 'card', amount: '100' });

/** The provider's quote; when the quote call fails, an estimate from the price endpoint (labelled so), else nothing. */
export type OnRampQuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'quote'; quote: OnRampQuote }
  | { status: 'estimate'; amount: string; symbol: string }
  | { status: 'unavailable' };
export const $onRampQuote = atom<OnRampQuoteState>({ status: 'idle' });

/** What can be bought to the connected account, each on its network. */
export const $onRampPurchases = computed([$onRampOptions, $connected], (state, connected): { currency: PurchaseCurrency; network: OnRampNetwork }[] =>
  state.status === 'ready' && connected ? currenciesFor(state.options, connected.chainId) : [],
);
