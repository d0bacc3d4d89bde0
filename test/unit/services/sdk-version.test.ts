import { expect } from '@esm-bundle/chai';
import { SDK_TYPE, SDK_VERSION } from '../../../src/services/service-url.js';

describe('SDK identification (st, sv)', () => {
  it('sv is html-core-<package.json version>, stamped in at build (no hard-coded copy)', async () => {
    const { version } = (await (await fetch(new URL('../../../package.json', import.meta.url))).json()) as { version: string };
    expect(SDK_TYPE).to.equal('wallet-connect-modal');
    expect(SDK_VERSION).to.equal(`html-core-${version}`);
  });
});
