import { expect } from '@esm-bundle/chai';
import { makeReportable } from './support/reportable-errors.js';

/** A failed assertion about an element must reach the terminal, not stop the run (support/reportable-errors.ts). */
describe('test support: failures about elements are reported', () => {
  it('an AssertionError whose actual is an element becomes cloneable, described by its opening tag', () => {
    const p = document.createElement('p');
    p.setAttribute('part', 'legal');
    p.innerHTML = '<a href="https://example.org/privacy">Privacy Policy</a>';
    let error: unknown;
    try {
      expect(p).to.equal(null);
    } catch (caught) {
      error = caught;
    }
    expect(() => structuredClone({ actual: (error as { actual: unknown }).actual })).to.throw();
    makeReportable(error);
    expect((error as { actual: unknown }).actual).to.equal('<p part="legal">');
    expect((error as { expected: unknown }).expected).to.equal(null);
    expect(() => structuredClone({ actual: (error as { actual: unknown }).actual })).to.not.throw();
  });

  it('cloneable values stay as they are', () => {
    const error = { actual: { text: 'Terms of Service' }, expected: ['a'] };
    makeReportable(error);
    expect(error).to.deep.equal({ actual: { text: 'Terms of Service' }, expected: ['a'] });
  });

  it("runs first on each failure, before mocha's reporter stringifies the diff", () => {
    const runner = (window as unknown as { __WTR_MOCHA_RUNNER__: Mocha.Runner }).__WTR_MOCHA_RUNNER__;
    const first = runner.listeners('fail')[0] as (test: unknown, error: unknown) => void;
    const error = { actual: document.createElement('button'), expected: document.createElement('a') };
    first(null, error);
    expect(error).to.deep.equal({ actual: '<button>', expected: '<a>' });
  });
});
