import { expect } from '@esm-bundle/chai';
import { coinTypeOf, fullName, nameLabel, nameProblem, registrationMessage } from '../../../src/core/names.js';

describe('core/names (docs/wire-formats.md#names)', () => {
  it('the signed message is the reference JSON, the timestamp in unix seconds', () => {
    expect(registrationMessage('carol.reown.id', 1_764_000_000_999)).to.equal('{"name":"carol.reown.id","attributes":{},"timestamp":1764000000}');
  });

  it('coin types per ENSIP-11: 0x80000000 | chainId; none from 2^31 on', () => {
    expect(coinTypeOf(1)).to.equal(2147483649);
    expect(coinTypeOf(31337)).to.equal(2147514985);
    expect(coinTypeOf(2 ** 31)).to.equal(undefined);
  });

  it('the rule: letters, digits and hyphens, 4 to 63 of them; the label is read in lower case, zone taken off', () => {
    expect(nameLabel(' Carol.Reown.ID ')).to.equal('carol');
    expect(fullName('carol')).to.equal('carol.reown.id');
    expect(nameProblem('carol-1')).to.equal(undefined);
    expect(nameProblem('abc')).to.equal('short');
    expect(nameProblem('car_ol')).to.equal('characters');
    expect(nameProblem('ca.rol')).to.equal('characters');
    expect(nameProblem('a'.repeat(64))).to.equal('long');
    // Reported as available before: the label rule has no hyphen first or last.
    expect(nameProblem('-abc-')).to.equal('hyphen');
    expect(nameProblem('-abcd')).to.equal('hyphen');
    expect(nameProblem('abcd-')).to.equal('hyphen');
    expect(nameProblem('ab-cd')).to.equal(undefined);
  });
});
