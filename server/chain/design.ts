/**
 * The numbers the seed is built from, in one place: who holds what, the pool reserves (hence the prices),
 * and what the dev account ends up with. Tests assert against these; change them together.
 */

/** Anvil's default accounts (mnemonic "test test … junk"), by the role they play in the seed. */
export const ROLES = {
  /** Account #0: the dev account the demo's dev wallet uses. The seed's history is about it. */
  dev: 0,
  /** Account #1: pays the dev account (LUSD, LTK, ETH); owns alice.eth. */
  alice: 1,
  /** Account #2: the dev account pays it (LTK, LUSD, ETH). */
  bob: 2,
  /** Account #3: deploys the spam collection and airdrops it. */
  spammer: 3,
  /**
   * Account #9: deploys the tokens, Uniswap and ENS and provides the pools' liquidity, so that the dev
   * account's history holds only the transfers a wallet user would recognise, not 20 contract deploys.
   */
  deployer: 9,
} as const;
export type Role = keyof typeof ROLES;

export const TOKEN_SPECS = {
  usd: { name: 'Local USD', symbol: 'LUSD', decimals: 6, color: '#2775ca' },
  ltk: { name: 'Local Token', symbol: 'LTK', decimals: 18, color: '#8247e5' },
  zero: { name: 'Zero Decimals', symbol: 'ZERO', decimals: 0, color: '#9aa0a6' },
} as const;
export type TokenKey = keyof typeof TOKEN_SPECS;

/** Minted in each token's constructor, in whole tokens. */
export const MINTS: Record<TokenKey, { to: Role; amount: string }[]> = {
  usd: [
    { to: 'deployer', amount: '1000000' },
    { to: 'alice', amount: '10000' },
  ],
  ltk: [
    { to: 'deployer', amount: '1000000' },
    { to: 'alice', amount: '10000' },
  ],
  zero: [{ to: 'dev', amount: '1000' }],
};

export const NFT_SPEC = { name: 'Free Mint Prize', symbol: 'SPAM', spam: true } as const;

/**
 * Uniswap V2 pools, in whole units, added by the deployer through Router02. `weth` means native ETH via
 * addLiquidityETH. 1 ETH = 200000 / 100 = 2000 LUSD; 1 LTK = 100 / 80000 ETH = 0.00125 ETH = 2.5 LUSD,
 * and the direct LTK/LUSD pool agrees: 250000 / 100000 = 2.5.
 */
export const POOLS = [
  { a: 'ltk', amountA: '80000', b: 'weth', amountB: '100' },
  { a: 'weth', amountA: '100', b: 'usd', amountB: '200000' },
  { a: 'ltk', amountA: '100000', b: 'usd', amountB: '250000' },
] as const;

/** The prices those reserves give, in USD. */
export const DESIGNED_PRICES_USD = { ETH: 2000, LTK: 2.5, LUSD: 1 } as const;

/** How long ago, in chain time, the contracts are deployed; the history (history.ts) follows. */
export const SETUP_HOURS_AGO = 72;

/** The dev account's token balances after the seed (whole tokens), from the history in history.ts. */
export const DEV_BALANCES = { LUSD: '1350', LTK: '1250', ZERO: '1000' } as const;
/** ETH the dev account gained before gas: +2 from alice, -0.5 and -0.25 to bob. */
export const DEV_ETH_DELTA = '1.25';
/** SPAM token ids airdropped to the dev account (the first airdrop also hits bob, who gets id 2). */
export const DEV_SPAM_TOKEN_IDS = [1n, 3n] as const;
