// The dev accounts' BIP-39 seed: anvil's is written out (so no page pays PBKDF2 for it), any other is derived once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mnemonicToSeedSync } from '@scure/bip39';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC, ANVIL_SEED_HEX, mnemonicSeed } from '../../demo/dev-wallet/mnemonic-seed.js';
import { createWalletState } from '../../demo/dev-wallet/state.js';
import { createEmitter } from '../../demo/dev-wallet/emitter.js';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const OTHER = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('mnemonicSeed', () => {
  it("anvil's written-out seed is what BIP-39 derives from its mnemonic", () => {
    assert.equal(hex(mnemonicToSeedSync(ANVIL_MNEMONIC)), ANVIL_SEED_HEX);
    assert.equal(hex(mnemonicSeed(ANVIL_MNEMONIC)), ANVIL_SEED_HEX);
  });

  it('derives any other mnemonic (BIP-39 test vector, no passphrase) and hands out copies', () => {
    const seed = mnemonicSeed(OTHER);
    assert.equal(hex(seed), hex(mnemonicToSeedSync(OTHER)));
    seed.fill(0);
    assert.equal(hex(mnemonicSeed(OTHER)), hex(mnemonicToSeedSync(OTHER)), 'a caller changing its copy changes nothing');
  });

  it("the wallet's EVM accounts are viem's mnemonicToAccount accounts, for anvil's mnemonic and another", () => {
    for (const mnemonic of [ANVIL_MNEMONIC, OTHER]) {
      const state = createWalletState({ chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }], mnemonic, accountIndex: 0, storage: { load: () => undefined, save: () => undefined }, emitter: createEmitter() });
      for (const index of [0, 3]) {
        state.setAccount(index);
        const expected = mnemonicToAccount(mnemonic, { addressIndex: index });
        assert.equal(state.address, expected.address);
        assert.equal(hex(state.account.getHdKey().privateKey!), hex(expected.getHdKey().privateKey!));
      }
    }
  });
});
