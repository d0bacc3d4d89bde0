import { expect } from '@esm-bundle/chai';
import { WidgetError } from '../../../src/core/errors.js';

/** The `WidgetError` a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<WidgetError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(WidgetError);
    return error as WidgetError;
  }
  throw new Error('expected a rejection');
}
