// Seeds the local Solana chain at start (design in seed-design.ts): 100 SOL for the dev accounts 0..3, the
// USDS (6 decimals), ZERO (0 decimals) and SPAM (spam collectible) mints, and the dev account's history,
// every step a real transaction sent with @solana/web3.js + @solana/spl-token through the facade's RPC.
import { sha256 } from '@noble/hashes/sha2';
import { createMint, getOrCreateAssociatedTokenAccount, mintTo, transferChecked } from '@solana/spl-token';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { parseUnits } from 'viem';
import { solanaDevKeypair } from '../../demo/dev-wallet/solana-keys.js';
import { tokenIcon } from '../../server/chain/icons.js';
import { tokenAccountInfo } from './accounts.js';
import { ALICE_USDS, GENESIS_LAMPORTS, SOLANA_HISTORY, SOLANA_ROLES, SOLANA_SETUP_HOURS_AGO, SPL_SPECS, type SolanaRole, type SplKey } from './seed-design.js';
import type { Ledger } from './ledger.js';
import type { SolanaChain } from './serve.js';
import type { SeededSolana, SeededSolanaStep, SeededSplToken } from '../../server/solana/types.js';

/** The mint keypairs derive from fixed seeds, so the mint addresses are the same on every start. */
export const mintKeypair = (key: SplKey): Keypair => Keypair.fromSeed(sha256(new TextEncoder().encode(`wallet-connect-modal local solana mint ${key}`)));

const wallets = (): Record<SolanaRole, Keypair> =>
  Object.fromEntries(Object.entries(SOLANA_ROLES).map(([role, index]) => [role, Keypair.fromSeed(solanaDevKeypair(index).secretKey)])) as Record<SolanaRole, Keypair>;

/** The seed's genesis: the dev accounts' SOL, set directly before any transaction. */
export function fundSolanaSeedAccounts(ledger: Ledger, w: Record<SolanaRole, Keypair> = wallets()): void {
  for (const kp of Object.values(w)) ledger.fund(kp.publicKey.toBase58(), GENESIS_LAMPORTS);
}

/** Plays the design on a fresh chain; `now` (unix seconds) is the moment the hours count back from. */
export async function seedSolana(chain: SolanaChain, now = Math.floor(Date.now() / 1000)): Promise<SeededSolana> {
  const { ledger } = chain;
  const conn = new Connection(chain.rpcUrl, { commitment: 'confirmed', wsEndpoint: chain.wsUrl });
  const w = wallets();
  fundSolanaSeedAccounts(ledger, w);
  const at = (hoursAgo: number): number => (ledger.blockTimeOverride = now - hoursAgo * 3600);

  try {
    at(SOLANA_SETUP_HOURS_AGO);
    const mints = {} as Record<SplKey, PublicKey>;
    for (const key of Object.keys(SPL_SPECS) as SplKey[]) {
      const spec = SPL_SPECS[key];
      const authority = w[spec.authority];
      mints[key] = await createMint(conn, authority, authority.publicKey, null, spec.decimals, mintKeypair(key));
    }
    const aliceUsds = await getOrCreateAssociatedTokenAccount(conn, w.alice, mints.usds, w.alice.publicKey);
    await mintTo(conn, w.alice, mints.usds, aliceUsds.address, w.alice, parseUnits(ALICE_USDS, SPL_SPECS.usds.decimals));

    const history: SeededSolanaStep[] = [];
    for (const step of SOLANA_HISTORY) {
      const blockTime = at(step.hoursAgo);
      let signature: string;
      if (step.kind === 'sol') {
        const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: w[step.from].publicKey, toPubkey: w[step.to].publicKey, lamports: parseUnits(step.amount, 9) }));
        signature = await sendAndConfirmTransaction(conn, tx, [w[step.from]]);
      } else {
        const spec = SPL_SPECS[step.token];
        const mint = mints[step.token];
        const amount = parseUnits(step.amount, spec.decimals);
        const payer = step.kind === 'mint' ? w[spec.authority] : w[step.from];
        // The sender (or the minter) pays for the receiver's associated token account, in its own transaction.
        const to = await getOrCreateAssociatedTokenAccount(conn, payer, mint, w[step.to].publicKey);
        if (step.kind === 'mint') {
          signature = await mintTo(conn, payer, mint, to.address, w[spec.authority], amount);
        } else {
          const from = await getOrCreateAssociatedTokenAccount(conn, payer, mint, w[step.from].publicKey);
          signature = await transferChecked(conn, payer, from.address, mint, to.address, w[step.from], amount, spec.decimals);
        }
      }
      const label = step.kind === 'mint' ? `mint ${SPL_SPECS[step.token].symbol} →${step.to} ${step.amount}` : `${step.kind === 'sol' ? 'SOL' : SPL_SPECS[step.token].symbol} ${step.from}→${step.to} ${step.amount}`;
      history.push({ label, signature, blockTime });
    }

    const dev = w.dev.publicKey;
    const tokens: SeededSplToken[] = (Object.keys(SPL_SPECS) as SplKey[]).map((key) => {
      const { name, symbol, decimals, color, spam } = SPL_SPECS[key];
      return { mint: mints[key].toBase58(), name, symbol, decimals, iconUrl: tokenIcon(symbol, color), spam };
    });
    const devTokens: Record<string, bigint> = {};
    for (const token of tokens) {
      const accounts = await conn.getTokenAccountsByOwner(dev, { mint: new PublicKey(token.mint) });
      devTokens[token.symbol] = accounts.value.reduce((sum, { pubkey }) => {
        const account = ledger.account(pubkey.toBase58());
        return sum + ((account && tokenAccountInfo(account)?.amount) ?? 0n);
      }, 0n);
    }
    return {
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      accounts: Object.values(w).map((kp) => kp.publicKey.toBase58()),
      tokens,
      usdToken: mints.usds.toBase58(),
      history,
      dev: { lamports: ledger.balance(dev.toBase58()), tokens: devTokens },
      seededAtSlot: ledger.slot,
    };
  } finally {
    ledger.blockTimeOverride = undefined;
  }
}
