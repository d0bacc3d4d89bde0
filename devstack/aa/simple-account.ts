/**
 * eth-infinitism's SimpleAccount (v0.7, `@account-abstraction/contracts`) as a viem smart account:
 * `toSmartAccount` with the factory's counterfactual address (`getAddress(owner, salt)`), `execute` /
 * `executeBatch` calls, and the owner's EIP-191 signature over the user operation hash (what
 * SimpleAccount._validateSignature recovers). viem ships no SimpleAccount adapter and permissionless does
 * not install next to our viem. SimpleAccount v0.7 has no isValidSignature (ERC-1271), so message and
 * typed-data signing is refused rather than producing signatures no verifier accepts.
 */
import { decodeFunctionData, encodeFunctionData, type Address, type Chain, type Client, type Hex, type LocalAccount, type Transport } from 'viem';
import { entryPoint07Abi, entryPoint07Address, getUserOperationHash, toSmartAccount, type SmartAccount, type SmartAccountImplementation } from 'viem/account-abstraction';
import { readContract } from 'viem/actions';
import { SIMPLE_ACCOUNT_FACTORY_ABI } from '../../server/aa/deploy.js';

const SIMPLE_ACCOUNT_ABI = [
  { type: 'function', name: 'execute', stateMutability: 'nonpayable', inputs: [{ name: 'dest', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'func', type: 'bytes' }], outputs: [] },
  {
    type: 'function',
    name: 'executeBatch',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'dest', type: 'address[]' }, { name: 'value', type: 'uint256[]' }, { name: 'func', type: 'bytes[]' }],
    outputs: [],
  },
] as const;

export interface SimpleAccountOptions {
  client: Client<Transport, Chain | undefined>;
  owner: LocalAccount;
  factory: Address;
  salt?: bigint;
  /** Known already (skips the factory call). */
  address?: Address;
}

export type SimpleSmartAccount = SmartAccount<SmartAccountImplementation<typeof entryPoint07Abi, '0.7'>>;

/** The counterfactual address of `owner`'s SimpleAccount, asked of the factory (a view call, no deployment). */
export async function simpleAccountAddress(client: Client, factory: Address, owner: Address, salt = 0n): Promise<Address> {
  return readContract(client, { address: factory, abi: SIMPLE_ACCOUNT_FACTORY_ABI, functionName: 'getAddress', args: [owner, salt] });
}

export async function toSimpleAccount({ client, owner, factory, salt = 0n, address }: SimpleAccountOptions): Promise<SimpleSmartAccount> {
  const refused = (what: string) => Promise.reject(new Error(`SimpleAccount v0.7 cannot ${what}: it has no ERC-1271 isValidSignature`));
  const account = await toSmartAccount({
    // toSmartAccount types its client with a local account; ours has none (the owner signs, not the client).
    client: client as never,
    entryPoint: { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' },
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi: SIMPLE_ACCOUNT_ABI, data });
      if (decoded.functionName === 'execute') return [{ to: decoded.args[0], value: decoded.args[1], data: decoded.args[2] }];
      const [dest, value, func] = decoded.args;
      return dest.map((to, index) => ({ to, value: value[index] ?? 0n, data: func[index] ?? '0x' }));
    },
    async encodeCalls(calls) {
      const [only] = calls;
      if (calls.length === 1 && only) return encodeFunctionData({ abi: SIMPLE_ACCOUNT_ABI, functionName: 'execute', args: [only.to, only.value ?? 0n, only.data ?? '0x'] });
      return encodeFunctionData({
        abi: SIMPLE_ACCOUNT_ABI,
        functionName: 'executeBatch',
        args: [calls.map((call) => call.to), calls.map((call) => call.value ?? 0n), calls.map((call) => call.data ?? '0x')],
      });
    },
    async getAddress() {
      address ??= await simpleAccountAddress(client, factory, owner.address, salt);
      return address;
    },
    async getFactoryArgs() {
      return { factory, factoryData: encodeFunctionData({ abi: SIMPLE_ACCOUNT_FACTORY_ABI, functionName: 'createAccount', args: [owner.address, salt] }) };
    },
    async getStubSignature() {
      // A valid-length ECDSA signature that recovers to some address: validation fails softly (SIG_VALIDATION_FAILED), as estimation expects.
      return '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c';
    },
    signMessage: () => refused('sign messages'),
    signTypedData: () => refused('sign typed data'),
    async signUserOperation(parameters) {
      const { chainId = client.chain?.id, ...userOperation } = parameters;
      if (chainId === undefined) throw new Error('SimpleAccount: the client has no chain; pass chainId');
      const sender = await this.getAddress();
      const hash = getUserOperationHash({ chainId, entryPointAddress: entryPoint07Address, entryPointVersion: '0.7', userOperation: { ...userOperation, sender } });
      return owner.signMessage({ message: { raw: hash } });
    },
  });
  return account as unknown as SimpleSmartAccount;
}

export type { Hex };
