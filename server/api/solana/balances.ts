// GET /v1/account/{address}/balance for a solana: chain id: SOL and every SPL token the address holds,
// read live from the chain, in the hosted API's `Balance` shape (the same rules as on EVM: zero balances
// left out, 0-decimal tokens kept for the widget to drop; the spam collectible left out, as NFTs are).
import { quantify, type Balance } from '../balances.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../solana/constants.js';
import { SOL, type ApiSolanaChain } from './chain.js';
import type { SolanaPrices } from './prices.js';
import { SOL_ICON_URL, splTokenInfo } from './tokens.js';

interface ParsedTokenAccount {
  account: { data: { parsed: { info: { mint: string; tokenAmount: { amount: string; decimals: number } } } } };
}

export async function getSolanaBalances(chain: ApiSolanaChain, owner: string, prices: SolanaPrices): Promise<Balance[]> {
  const [lamports, ...programs] = await Promise.all([
    chain.rpc<{ value: number }>('getBalance', [owner]),
    ...[TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((programId) =>
      chain.rpc<{ value: ParsedTokenAccount[] }>('getTokenAccountsByOwner', [owner, { programId }, { encoding: 'jsonParsed' }]),
    ),
  ]);
  // One row per mint (an owner may hold several accounts of one mint).
  const byMint = new Map<string, { amount: bigint; decimals: number }>();
  for (const { value } of programs) {
    for (const { account } of value) {
      const { mint, tokenAmount } = account.data.parsed.info;
      const held = byMint.get(mint) ?? { amount: 0n, decimals: tokenAmount.decimals };
      byMint.set(mint, { amount: held.amount + BigInt(tokenAmount.amount), decimals: held.decimals });
    }
  }

  const balances: Balance[] = [];
  const native = BigInt(lamports.value);
  if (native > 0n) {
    const { numeric, value, price } = quantify(native, SOL.decimals, await prices.exactPrice(chain, undefined, SOL.symbol));
    balances.push({ name: SOL.name, symbol: SOL.symbol, chainId: chain.chainId, value, price, quantity: { decimals: String(SOL.decimals), numeric }, iconUrl: SOL_ICON_URL });
  }
  for (const [mint, { amount, decimals }] of byMint) {
    const info = splTokenInfo(chain, mint);
    if (amount === 0n || info.spam) continue;
    const { numeric, value, price } = quantify(amount, decimals, await prices.exactPrice(chain, mint, info.symbol));
    balances.push({ name: info.name, symbol: info.symbol, chainId: chain.chainId, address: `${chain.chainId}:${mint}`, value, price, quantity: { decimals: String(decimals), numeric }, iconUrl: info.iconUrl });
  }
  return balances.sort((a, b) => b.value - a.value || Number(a.address !== undefined) - Number(b.address !== undefined) || a.symbol.localeCompare(b.symbol));
}
