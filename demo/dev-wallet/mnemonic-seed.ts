// The BIP-39 seed behind the dev accounts, computed once per mnemonic. PBKDF2 (2048 rounds of HMAC-SHA512 in
// JavaScript) costs about 100 ms on a cold page, and every EVM account and Solana keypair starts from it.
// anvil's public mnemonic is the default everywhere, so its seed is written out here (a test derives it again);
// any other mnemonic is derived on first use and remembered. Pure (no Node or DOM APIs).
import { hexToBytes } from '@noble/hashes/utils';
import { mnemonicToSeedSync } from '@scure/bip39';

/** anvil's public mnemonic: its accounts are funded on every anvil chain, and the local Solana chain funds the same words. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/** mnemonicToSeedSync(ANVIL_MNEMONIC), no passphrase. */
export const ANVIL_SEED_HEX =
  '9dfc3c64c2f8bede1533b6a79f8570e5943e0b8fd1cf77107adf7b72cef42185d564a3aee24cab43f80e3c4538087d70fc824eabbad596a23c97b6ee8322ccc0';

/** A page holds the default and perhaps one mnemonic a developer passed: a few entries at most are kept. */
const MAX_REMEMBERED = 4;
const seeds = new Map<string, Uint8Array>();

/** The 64-byte BIP-39 seed of `mnemonic` (no passphrase). Callers get a copy, so none can change another's. */
export function mnemonicSeed(mnemonic: string): Uint8Array {
  let seed = seeds.get(mnemonic);
  if (!seed) {
    seed = mnemonic === ANVIL_MNEMONIC ? hexToBytes(ANVIL_SEED_HEX) : mnemonicToSeedSync(mnemonic);
    if (seeds.size >= MAX_REMEMBERED) seeds.delete(seeds.keys().next().value!);
    seeds.set(mnemonic, seed);
  }
  return seed.slice();
}
