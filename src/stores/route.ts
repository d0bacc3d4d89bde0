import { atom, computed } from 'nanostores';
import type { Caip2, Namespace } from '../core/caip.js';
import type { ErrorSummary } from '../core/errors.js';
import type { ViewName } from '../core/events.js';

/** Each view with its own parameters: a discriminated union, not a view name plus a grab-bag. */
export type Route =
  /** `namespace`: only that namespace's wallets (SwitchActiveChain); `choose`: which namespace for the wallet of that name. */
  | { view: 'Connect'; namespace?: Namespace; choose?: string }
  /** A network of a namespace not connected yet was chosen: "Switch to Solana?", then Connect filtered to it. */
  | { view: 'SwitchActiveChain'; chainId: Caip2 }
  | { view: 'AllWallets' }
  | { view: 'ConnectingExternal'; walletId: string; error?: RouteError }
  /** WalletConnect: the QR (desktop) or the wallet's link (mobile); `wallet` is the directory wallet chosen, if any. */
  | { view: 'ConnectingWalletConnect'; wallet?: ChosenWallet; error?: RouteError }
  | { view: 'Account'; tab?: AccountTab }
  | { view: 'SwitchNetwork'; pending?: Caip2; error?: RouteError }
  | { view: 'Send'; error?: string }
  | { view: 'SendReview'; transfer: SendTransfer; state?: 'approving'; error?: RouteError }
  /** After the wallet sent a transfer: pending, then confirmed or failed (`$transactionStatus`). */
  | { view: 'SendResult'; transaction: SentTransaction }
  | { view: 'UnsupportedChain'; pending?: Caip2; error?: RouteError }
  /** The visitor's own address as a QR code, to receive. */
  | { view: 'Receive' }
  /** Help for visitors without a wallet: what one is, and where to get one. */
  | { view: 'WhatIsAWallet' }
  | { view: 'GetAWallet' }
  /** Sign in with the wallet (`siwx-url`): one signature of the sign-in message. */
  | { view: 'SIWXSignMessage' }
  /** The sign-in backend requires a confirmed email before SIWXSignMessage; `again`: it refused one already. */
  | { view: 'DataCapture'; again?: boolean }
  /** Buy with card (`features=onramp`): the provider and the buy form; its two pickers; the wait for the funds. */
  | { view: 'OnRampProviders' }
  | { view: 'OnRampTokenSelect' }
  | { view: 'OnRampFiatSelect' }
  /** `blocked`: the browser refused the window, so the view offers `url` as a link. */
  | { view: 'BuyInProgress'; url: string; provider: string; blocked: boolean; symbol: string }
  /** Get a name (feature `names`, EVM): a name in the registration zone, for one signature. */
  | { view: 'RegisterAccountName' }
  /** Swap (features=swaps, EVM): the form; its token pickers; the preview, which approves (when needed) then swaps. */
  | { view: 'Swap' }
  | { view: 'SwapSelectToken'; side: 'from' | 'to' }
  | { view: 'SwapPreview'; swap: SwapPlan; state?: 'approving' | 'approval-pending' | 'swapping'; error?: string }
  /** Email login (auth-url, features=email): the code mailed to `email`; the secure frame approving a request. */
  | { view: 'EmailLogin'; email: string }
  | { view: 'ConnectingFarcaster' }
  | { view: 'AccountSettings' }
  /** Several wallets per namespace: each with its type, address and balance; the active one marked. */
  | { view: 'ProfileWallets' }
  /** The smart account's permissions (ERC-7715 smart sessions), from the wallet data API; each can be revoked. */
  | { view: 'SmartSessionList' }
  /** Changing an email login's address: the new email, then a code to the current address, then one to the new. */
  | { view: 'UpdateEmailWallet'; step?: 'current' | 'new' | undefined; email?: string | undefined; newEmail?: string | undefined }
  | { view: 'ApproveTransaction' };

/** A token of a swap under preview: its CAIP-10 id (lower-case), and what the views and the wallet need. */
export interface SwapPlanToken {
  key: string;
  symbol: string;
  decimals: number;
  /** The ERC-20 contract; undefined for the native coin. */
  tokenAddress: `0x${string}` | undefined;
  usdPrice?: number | undefined;
}

/** A checked swap, ready for preview: amounts as decimal strings of base units; pinned to its chain and account. */
export interface SwapPlan {
  chainId: Caip2;
  from: string;
  fromToken: SwapPlanToken;
  toToken: SwapPlanToken;
  amount: string;
  /** The quote the preview shows (refreshed every 10 s). */
  toAmount: string;
  slippageBps: string;
}

/**
 * A validated transfer, ready for review: amounts as decimal strings of base units (routes stay serialisable).
 * Pinned to the chain and sender it was reviewed on: if the wallet moves, the review is cancelled.
 */
export interface SendTransfer {
  chainId: Caip2;
  /** The sender: a 0x address (EVM) or a base58 one (Solana). */
  from: string;
  tokenKey: string;
  symbol: string;
  decimals: number;
  /** The ERC-20 contract or the SPL token's mint; undefined for the native currency. */
  tokenAddress: string | undefined;
  amount: string;
  to: string;
  /** The name the visitor typed, when it was one. */
  name: string | undefined;
  /** The token's price in US dollars when the service knows it, for the review's value. */
  usdPrice?: number;
}

/** A transaction the widget sent, as it is kept while pending (and survives a reload). */
export interface SentTransaction {
  /** The transaction id: a 0x hash (EVM), or the base58 signature (Solana). */
  hash: string;
  chainId: Caip2;
  from: string;
  kind: 'native-transfer' | 'erc20-transfer' | 'spl-transfer' | 'approve' | 'swap';
  to: string;
  /** Base units as a decimal string, with the token's decimals and symbol, for display. */
  amount: string;
  decimals: number;
  symbol: string;
  /** When the wallet returned the hash (ms since the epoch). */
  submittedAt: number;
  /** A swap's two tokens (CAIP-10): their balances are read afresh (`forceUpdate`) once it is mined. */
  tokens?: string[] | undefined;
}

/** A wallet picked from the directory (its id there, and its name for the title). */
export interface ChosenWallet {
  id: string;
  name: string;
}

/** The Account view's tabs. */
export type AccountTab = 'tokens' | 'activity';

/** What went wrong in a view, as the view shows it (`errorSummary` makes one from a WidgetError). */
export type RouteError = ErrorSummary;

// Every public view name has a route, and every route is a public view name.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const ROUTES_MATCH_VIEWS: Same<Route['view'], ViewName> = true;

/** The history of views; the last one is shown. Never empty. */
export const $history = atom<Route[]>([{ view: 'Connect' }]);
export const $route = computed($history, (history) => history[history.length - 1]!);

/** Shows `route`, keeping the current one to go back to. */
export const pushRoute = (route: Route) => $history.set([...$history.get(), route]);
/** Shows `route` instead of the current one. */
export const replaceRoute = (route: Route) => $history.set([...$history.get().slice(0, -1), route]);
/**
 * Shows `route` for a step the visitor takes: in place of the current view when that is the same view (a
 * retry, a second choice), else on top of it, so Back returns to where the step started.
 */
export function showRoute(route: Route): void {
  if ($route.get().view === route.view) replaceRoute(route);
  else pushRoute(route);
}
/** Starts a fresh history at `route`. */
export const resetRoute = (route: Route) => $history.set([route]);
/** Goes back one view; false when there is nothing to go back to. */
export function popRoute(): boolean {
  const history = $history.get();
  if (history.length < 2) return false;
  $history.set(history.slice(0, -1));
  return true;
}
export const $canGoBack = computed($history, (history) => history.length > 1);
