/**
 * The smart account the stack offers: Solady's ERC-4337 account (server/chain/contracts/LocalSmartAccount.sol,
 * compiled from the `solady` package with the stack's other contracts) behind Solady's factory, both placed with
 * CREATE2 through the deterministic deployer, so every local chain has them at the same addresses. Unlike
 * SimpleAccount v0.7 it signs messages (ERC-1271 with ERC-7739 nested typed data; ERC-6492 before deployment),
 * so a smart account can sign in. Client side it is viem's `toSoladySmartAccount` with our factory and a salt
 * that starts with the owner (the factory refuses any other), so the address is one owner's only.
 */
import { concat, encodeAbiParameters, getContractAddress, type Address, type Chain, type Client, type Hex, type LocalAccount, type Transport } from 'viem';
import { toSoladySmartAccount, type ToSoladySmartAccountReturnType } from 'viem/account-abstraction';
import { compileContracts } from '../chain/compile.js';
import { DETERMINISTIC_DEPLOYER, create2 } from './deploy.js';

const IMPLEMENTATION_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000007579';
const FACTORY_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000001271';

export interface LocalSmartAccountContracts {
  /** LocalSmartAccount, the implementation every account proxies to. */
  implementation: Address;
  /** LocalSmartAccountFactory(implementation): `createAccount(owner, salt)`, `getAddress(salt)`. */
  factory: Address;
}

async function initCodes(): Promise<{ implementation: Hex; factory: (implementation: Address) => Hex }> {
  const { contracts } = await compileContracts({ log: () => {} });
  return {
    implementation: contracts.LocalSmartAccount.bytecode,
    factory: (implementation) => concat([contracts.LocalSmartAccountFactory.bytecode, encodeAbiParameters([{ type: 'address' }], [implementation])]),
  };
}

/** The addresses deployLocalSmartAccount gives on any chain (they depend on bytecode and salt only). */
export async function localSmartAccountAddresses(): Promise<LocalSmartAccountContracts> {
  const codes = await initCodes();
  const implementation = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: IMPLEMENTATION_SALT, bytecode: codes.implementation });
  const factory = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: FACTORY_SALT, bytecode: codes.factory(implementation) });
  return { implementation, factory };
}

/** Places the implementation and the factory from `from` (an unlocked anvil account); idempotent. */
export async function deployLocalSmartAccount(rpcUrl: string, from: Address): Promise<LocalSmartAccountContracts> {
  const codes = await initCodes();
  const addresses = await localSmartAccountAddresses();
  await create2(rpcUrl, from, IMPLEMENTATION_SALT, codes.implementation, addresses.implementation, 'LocalSmartAccount');
  await create2(rpcUrl, from, FACTORY_SALT, codes.factory(addresses.implementation), addresses.factory, 'LocalSmartAccountFactory');
  return addresses;
}

/** The factory's salt for `owner`: the owner's 20 bytes, then zeros (one account per owner). */
export const ownerSalt = (owner: Address): Hex => `${owner.toLowerCase()}${'0'.repeat(24)}` as Hex;

/**
 * `owner`'s smart account as a viem smart account (counterfactual until its first user operation deploys it).
 * `address`: an account already known (else the factory's address for the owner's salt).
 */
export function toLocalSmartAccount({ client, owner, factory, address }: { client: Client<Transport, Chain | undefined>; owner: LocalAccount; factory: Address; address?: Address }): Promise<ToSoladySmartAccountReturnType> {
  // viem types the client with a local account; ours has none (the owner signs, not the client).
  return toSoladySmartAccount({ client: client as never, owner, factoryAddress: factory, salt: ownerSalt(owner.address), ...(address ? { address } : {}) });
}
