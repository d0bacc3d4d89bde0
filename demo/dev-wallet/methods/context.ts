// What a method handler gets: the wallet state and a way to ask the user for consent.
import type { WalletState } from '../state.js';
import type { PromptKind } from '../types.js';

export interface MethodContext {
  state: WalletState;
  /** The page's host ("127.0.0.1:5173"), shown in the connect prompt. */
  host: string;
  /** The page's origin, the permission invoker. */
  origin: string;
  /** Asks for consent (per the wallet's mode), then runs `action`; a rejection throws 4001. */
  confirm<T>(kind: PromptKind, summary: string, action: () => Promise<T>): Promise<T>;
}

export type MethodHandler = (params: unknown, ctx: MethodContext) => unknown;
export type MethodTable = Record<string, MethodHandler>;
