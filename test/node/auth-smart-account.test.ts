// Smart accounts sign in through the chain: an EIP-1271 contract account already deployed on anvil, and an
// EIP-6492 counterfactual one (not deployed yet: the signature carries its factory call).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, createWalletClient, encodeAbiParameters, encodeFunctionData, getContractAddress, http, type Abi, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { serializeErc6492Signature } from 'viem/utils';
import { ALICE, BOB, Browser, evmMessage, startSite, type Site } from './auth-helpers.js';

const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract OwnedAccount {
  address public immutable owner;
  constructor(address owner_) { owner = owner_; }
  function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
    if (signature.length != 65) return 0xffffffff;
    bytes32 r = bytes32(signature[0:32]);
    bytes32 s = bytes32(signature[32:64]);
    uint8 v = uint8(signature[64]);
    return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
  }
}
contract AccountFactory {
  function deploy(address owner, bytes32 salt) external returns (address) {
    return address(new OwnedAccount{salt: salt}(owner));
  }
}`;

interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

function compile(): Record<'OwnedAccount' | 'AccountFactory', Compiled> {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const input = { language: 'Solidity', sources: { 'Accounts.sol': { content: SOURCE } }, settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const pick = (name: string): Compiled => {
    const contract = output.contracts['Accounts.sol']![name]!;
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  };
  return { OwnedAccount: pick('OwnedAccount'), AccountFactory: pick('AccountFactory') };
}

describe('sign-in backend: smart accounts (verified through the chain)', () => {
  let site: Site;
  let contracts: ReturnType<typeof compile>;
  const chain = { ...foundry, id: 31337 };
  before(async () => {
    site = await startSite();
    contracts = compile();
  });
  after(() => site?.stop());

  async function deploy(compiled: Compiled, args: readonly unknown[]): Promise<Address> {
    const wallet = createWalletClient({ account: ALICE, chain, transport: http(site.anvil.rpcUrl) });
    const client = createPublicClient({ chain, transport: http(site.anvil.rpcUrl) });
    const hash = await wallet.deployContract({ abi: compiled.abi, bytecode: compiled.bytecode, args });
    const receipt = await client.waitForTransactionReceipt({ hash });
    return receipt.contractAddress!;
  }

  it('an EIP-1271 contract account signs in with its owner\'s signature; another key is refused', async () => {
    const account = await deploy(contracts.OwnedAccount, [ALICE.address]);
    const browser = new Browser(site);
    let nonce = await browser.csrf();
    let message = evmMessage(site, nonce, { accountAddress: account });
    const refused = await browser.signIn(message, await BOB.signMessage({ message }), nonce);
    assert.equal(refused.code, 'invalid_signature');

    nonce = await browser.csrf();
    message = evmMessage(site, nonce, { accountAddress: account });
    const result = await browser.signIn(message, await ALICE.signMessage({ message }), nonce);
    assert.equal(result.error, null, result.url);
    assert.equal(((await browser.session()) as { address: string }).address, account);
  });

  it('an EIP-6492 counterfactual account (not deployed) signs in with the factory call in its signature', async () => {
    const factory = await deploy(contracts.AccountFactory, []);
    const salt = `0x${'11'.repeat(32)}` as Hex;
    const initCode = `${contracts.OwnedAccount.bytecode}${encodeAbiParameters([{ type: 'address' }], [ALICE.address]).slice(2)}` as Hex;
    const account = getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode: initCode });
    const client = createPublicClient({ chain, transport: http(site.anvil.rpcUrl) });
    assert.equal(await client.getCode({ address: account }), undefined);

    const browser = new Browser(site);
    const nonce = await browser.csrf();
    const message = evmMessage(site, nonce, { accountAddress: account });
    const signature = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({ abi: contracts.AccountFactory.abi, functionName: 'deploy', args: [ALICE.address, salt] }),
      signature: await ALICE.signMessage({ message }),
    });
    const result = await browser.signIn(message, signature, nonce);
    assert.equal(result.error, null, result.url);
    assert.equal(((await browser.session()) as { address: string }).address, account);
    // Verified by simulation: the account is still not deployed.
    assert.equal(await client.getCode({ address: account }), undefined);
  });
});
