/**
 * Pays a purchase out on the local chains, as a provider's treasury would: on EVM from the seed's deployer
 * (account #9, which holds the ETH and LUSD left after the pools), on Solana SOL from the sandbox's own
 * treasury key (topped up by airdrop on the local chain) and the stablecoin minted by its mint authority.
 * Sends are queued per chain, so two purchases never race for a nonce.
 */
import { sha256 } from '@noble/hashes/sha2';
import { getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { erc20Abi, getAddress, isAddress, type Address } from 'viem';
import { solanaDevKeypair } from '../../demo/dev-wallet/solana-keys.js';
import { createSeedContext } from '../../server/chain/clients.js';
import { SOLANA_ROLES, SPL_SPECS } from '../solana/seed-design.js';
import type { SandboxAsset } from './catalog.js';

export interface PayoutChains {
  evm: readonly { chainId: number; rpcUrl: string }[];
  solana?: { chainId: string; rpcUrl: string; wsUrl: string };
}

/** Sends `amount` base units of `asset` to `to`; resolves with the transaction id once it is final. */
export type Payout = (asset: SandboxAsset, to: string, amount: bigint) => Promise<string>;

/** The sandbox treasury on Solana: a fixed key, so its address is the same on every start. */
export const solanaTreasury = (): Keypair => Keypair.fromSeed(sha256(new TextEncoder().encode('wallet-connect-modal onramp sandbox treasury')));

export function isDestination(asset: SandboxAsset, address: string): boolean {
  if (asset.chainId.startsWith('eip155:')) return isAddress(address, { strict: false });
  try {
    return PublicKey.isOnCurve(new PublicKey(address).toBytes()) && new PublicKey(address).toBase58() === address;
  } catch {
    return false;
  }
}

export function createPayout(chains: PayoutChains): Payout {
  const queues = new Map<string, Promise<unknown>>();
  const queued = <T>(chainId: string, run: () => Promise<T>): Promise<T> => {
    const next = (queues.get(chainId) ?? Promise.resolve()).then(run, run);
    queues.set(chainId, next.catch(() => undefined));
    return next;
  };

  const evm = async (asset: SandboxAsset, to: string, amount: bigint): Promise<string> => {
    const chainId = Number(asset.chainId.slice('eip155:'.length));
    const chain = chains.evm.find((c) => c.chainId === chainId);
    if (!chain) throw new Error(`no RPC for ${asset.chainId}`);
    const ctx = createSeedContext(chain.rpcUrl, chainId);
    const wallet = ctx.wallets.deployer;
    const recipient = getAddress(to);
    const sent = asset.token
      ? wallet.writeContract({ address: asset.token as Address, abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] })
      : wallet.sendTransaction({ to: recipient, value: amount });
    return (await ctx.confirm(sent, `paying out ${asset.symbol}`)).transactionHash;
  };

  const solana = async (asset: SandboxAsset, to: string, amount: bigint): Promise<string> => {
    const config = chains.solana;
    if (!config || config.chainId !== asset.chainId) throw new Error(`no RPC for ${asset.chainId}`);
    const conn = new Connection(config.rpcUrl, { commitment: 'confirmed', wsEndpoint: config.wsUrl });
    const recipient = new PublicKey(to);
    if (!asset.token) {
      const treasury = solanaTreasury();
      const needed = amount + BigInt(LAMPORTS_PER_SOL / 100);
      if (BigInt(await conn.getBalance(treasury.publicKey)) < needed) {
        await conn.confirmTransaction(await conn.requestAirdrop(treasury.publicKey, Number(needed + 100n * BigInt(LAMPORTS_PER_SOL))), 'confirmed');
      }
      const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: treasury.publicKey, toPubkey: recipient, lamports: amount }));
      return sendAndConfirmTransaction(conn, tx, [treasury]);
    }
    // The stablecoin's mint authority (the seed's alice) mints the purchase to the buyer's token account.
    const authority = Keypair.fromSeed(solanaDevKeypair(SOLANA_ROLES[SPL_SPECS.usds.authority]).secretKey);
    const mint = new PublicKey(asset.token);
    const account = await getOrCreateAssociatedTokenAccount(conn, authority, mint, recipient);
    return mintTo(conn, authority, mint, account.address, authority, amount);
  };

  return (asset, to, amount) => queued(asset.chainId, () => (asset.chainId.startsWith('eip155:') ? evm(asset, to, amount) : solana(asset, to, amount)));
}
