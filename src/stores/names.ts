import { atom } from 'nanostores';
import type { ErrorSummary } from '../core/errors.js';
import type { NameProblem } from '../core/names.js';

/** What the Names view knows of the label typed: checked as the visitor types (actions/names.ts). */
export type NameCheck =
  | { status: 'empty' }
  | { status: 'invalid'; label: string; problem: NameProblem }
  | { status: 'checking'; label: string }
  | { status: 'available'; label: string }
  | { status: 'taken'; label: string; suggestions: string[] }
  | { status: 'error'; label: string; error: ErrorSummary };

/** The registration: the wallet asked to sign, then the service; an error stays until the next attempt. */
export type NameRegistration = { status: 'idle' } | { status: 'signing'; label: string } | { status: 'error'; label: string; error: ErrorSummary };

export interface NameForm {
  input: string;
  check: NameCheck;
  registration: NameRegistration;
}

export const EMPTY_NAME_FORM: NameForm = { input: '', check: { status: 'empty' }, registration: { status: 'idle' } };

export const $nameForm = atom<NameForm>(EMPTY_NAME_FORM);
