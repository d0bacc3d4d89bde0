/**
 * Verifies a completed Sign In With Farcaster the way the protocol does (@farcaster/auth-client's
 * verifySignInMessage): the SIWF message is well formed (statement, chain id 10, one fid resource), names the
 * expected domain and nonce, is signed by its address, and that address is the custody address of the fid in
 * the IdRegistry. The registry is read over `rpcUrl`: Optimism in production, the local chain here
 * (registry.ts). Auth addresses (KeyRegistry) are not accepted: only custody signatures.
 */
import { createAppClient, type AppClient } from '@farcaster/auth-client';
import { createPublicClient, http, type Address, type Hex } from 'viem';
import { ID_REGISTRY_ADDRESS } from './registry.js';

const idOfAbi = [{ type: 'function', name: 'idOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ name: 'fid', type: 'uint256' }] }] as const;

export interface VerifiedFarcaster {
  fid: number;
  custody: Address;
}

export function farcasterVerifier({ rpcUrl, relayUrl }: { rpcUrl: string; relayUrl: string }): AppClient {
  // No `chain`: a chain with an ERC-6492 verifier contract (viem's optimism) would call an address the local
  // chain does not have; plain ecrecover (with the 6492 fallback for contract wallets) works on both.
  const publicClient = createPublicClient({ transport: http(rpcUrl) });
  return createAppClient({
    relay: relayUrl,
    ethereum: {
      publicClient: publicClient as never,
      getFid: (custody: Address) => publicClient.readContract({ address: ID_REGISTRY_ADDRESS, abi: idOfAbi, functionName: 'idOf', args: [custody] }),
      isValidAuthAddress: () => Promise.resolve(false),
    },
  });
}

/** Throws with the protocol's reason ("Invalid nonce", "Invalid domain", "... does not own fid ...") when it is not valid. */
export async function verifyFarcasterSignIn(
  client: AppClient,
  { message, signature, nonce, domain }: { message: string; signature: Hex; nonce: string; domain: string },
): Promise<VerifiedFarcaster> {
  const result = await client.verifySignInMessage({ message, signature, nonce, domain, acceptAuthAddress: false });
  if (result.isError || !result.success) throw new Error(result.error?.message ?? 'Farcaster sign-in did not verify');
  return { fid: result.fid, custody: result.data.address as Address };
}
