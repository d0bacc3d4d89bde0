import { expect } from '@esm-bundle/chai';
import { WidgetError } from '../../../src/core/errors.js';

/**
 * The error a promise rejects with, checked to be a `type` (a `WidgetError` unless told otherwise); fails the
 * test when it resolves or rejects with anything else.
 */
export async function rejection<E extends Error = WidgetError>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E = WidgetError as never): Promise<E> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(type);
    return error as E;
  }
  throw new Error('expected a rejection');
}
