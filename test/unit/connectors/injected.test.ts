import { expect } from '@esm-bundle/chai';
import { createInjectedConnector } from '../../../src/connectors/evm/injected.js';
import type { ConnectResult } from '../../../src/connectors/types.js';
import { networkInfo } from '../../../src/core/networks.js';
import { ALICE, BOB, SVG_ICON, createFakeProvider, providerError, type FakeProvider } from '../support/fake-wallet.js';
import { rejection } from '../support/rejection.js';


describe('connectors/evm/injected createInjectedConnector', () => {
  let provider: FakeProvider;
  const connector = () => createInjectedConnector({ info: { uuid: 'u-1', name: 'Example Wallet', icon: SVG_ICON, rdns: 'com.example.wallet' }, provider });
  beforeEach(() => {
    provider = createFakeProvider({ accounts: [ALICE, BOB], chainId: '0x89' });
  });

  it('describes itself from the announcement', () => {
    const c = connector();
    expect({ id: c.id, name: c.name, icon: c.icon, type: c.type, namespace: c.namespace }).to.deep.equal({
      id: 'injected:com.example.wallet', name: 'Example Wallet', icon: SVG_ICON, type: 'injected', namespace: 'eip155',
    });
    expect(c.getProvider()).to.equal(provider);
  });

  describe('connect', () => {
    it('asks for accounts, then reads the chain as CAIP-2', async () => {
      const result: ConnectResult = await connector().connect();
      expect(result).to.deep.equal({ accounts: [ALICE, BOB], chainId: 'eip155:137' });
      expect(provider.methods()).to.deep.equal(['eth_requestAccounts', 'eth_chainId']);
    });

    it('accepts a decimal chain id', async () => {
      provider.handle('eth_chainId', () => '10');
      expect((await connector().connect()).chainId).to.equal('eip155:10');
    });

    it('turns a 4001 refusal into CONNECTION_REJECTED "Connection rejected"', async () => {
      provider.handle('eth_requestAccounts', () => {
        throw providerError(4001, 'User rejected the request.');
      });
      const error = await rejection(connector().connect());
      expect(error.code).to.equal('CONNECTION_REJECTED');
      expect(error.shortMessage).to.equal('Connection rejected');
    });

    it('treats an empty account list as a refusal', async () => {
      provider.handle('eth_requestAccounts', () => []);
      expect((await rejection(connector().connect())).code).to.equal('CONNECTION_REJECTED');
    });

    it('refuses malformed accounts with INVALID_RESPONSE', async () => {
      for (const bad of [['not-an-address'], [ALICE.slice(0, -1)], 'not-a-list', [42], null]) {
        provider.handle('eth_requestAccounts', () => bad);
        const error = await rejection(connector().connect());
        expect(error.code, JSON.stringify(bad)).to.equal('INVALID_RESPONSE');
        expect(error.shortMessage).to.equal('The wallet sent an invalid response');
      }
    });

    it('refuses a malformed chain id with INVALID_RESPONSE', async () => {
      provider.handle('eth_chainId', () => 'mainnet');
      expect((await rejection(connector().connect())).code).to.equal('INVALID_RESPONSE');
    });

    it('turns other wallet failures into CONNECT_FAILED "Failed to connect"', async () => {
      provider.handle('eth_requestAccounts', () => {
        throw providerError(-32002, 'Request already pending');
      });
      const error = await rejection(connector().connect());
      expect(error.code).to.equal('CONNECT_FAILED');
      expect(error.shortMessage).to.equal('Failed to connect');
    });
  });

  describe('restore', () => {
    it('takes the accounts already granted through eth_accounts, never prompting', async () => {
      expect(await connector().restore()).to.deep.equal({ accounts: [ALICE, BOB], chainId: 'eip155:137' });
      expect(provider.methods()).to.deep.equal(['eth_accounts', 'eth_chainId']);
    });

    it('gives undefined when nothing is granted or the wallet fails', async () => {
      provider.handle('eth_accounts', () => []);
      expect(await connector().restore()).to.equal(undefined);
      provider.handle('eth_accounts', () => {
        throw providerError(4100, 'Unauthorized');
      });
      expect(await connector().restore()).to.equal(undefined);
      expect(provider.methods()).to.not.include('eth_requestAccounts');
    });
  });

  describe('switchChain', () => {
    it('asks wallet_switchEthereumChain with the hex chain id', async () => {
      await connector().switchChain(networkInfo('eip155:10'));
      expect(provider.calls).to.deep.equal([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }]);
    });

    it('on 4902 adds the chain with the EIP-3085 parameters, then switches when the wallet did not', async () => {
      let switches = 0;
      provider.handle('wallet_switchEthereumChain', () => {
        if (switches++ === 0) throw providerError(4902, 'Unrecognized chain ID "0xa".');
        return null;
      });
      provider.handle('wallet_addEthereumChain', () => null);
      provider.handle('eth_chainId', () => '0x89'); // the wallet stayed where it was
      await connector().switchChain(networkInfo('eip155:10'));
      expect(provider.calls).to.deep.equal([
        { method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] },
        {
          method: 'wallet_addEthereumChain',
          params: [{
            chainId: '0xa',
            chainName: 'OP Mainnet',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: ['https://mainnet.optimism.io'],
            blockExplorerUrls: ['https://optimistic.etherscan.io'],
          }],
        },
        { method: 'eth_chainId', params: undefined },
        { method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] },
      ]);
    });

    it('puts the configured RPC URL first and does not switch again when adding already switched', async () => {
      provider.handle('wallet_switchEthereumChain', () => {
        throw providerError(4902, 'Unrecognized chain');
      });
      provider.handle('wallet_addEthereumChain', () => null);
      provider.handle('eth_chainId', () => '0x7a69');
      await connector().switchChain(networkInfo('eip155:31337', 'http://127.0.0.1:9545'));
      expect(provider.calls.map((c) => c.method)).to.deep.equal(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_chainId']);
      expect(provider.calls[1]!.params).to.deep.equal([{
        chainId: '0x7a69',
        chainName: 'Anvil 31337',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['http://127.0.0.1:9545'],
      }]);
    });

    it('turns a refused switch into SWITCH_REJECTED and a refused add likewise', async () => {
      provider.handle('wallet_switchEthereumChain', () => {
        throw providerError(4001, 'User rejected');
      });
      const error = await rejection(connector().switchChain(networkInfo('eip155:10')));
      expect(error.code).to.equal('SWITCH_REJECTED');
      expect(error.shortMessage).to.equal('Network switch rejected');

      provider.handle('wallet_switchEthereumChain', () => {
        throw providerError(4902, 'Unrecognized chain');
      });
      provider.handle('wallet_addEthereumChain', () => {
        throw providerError(4001, 'User rejected');
      });
      expect((await rejection(connector().switchChain(networkInfo('eip155:10')))).code).to.equal('SWITCH_REJECTED');
    });

    it('refuses a non-EVM network without asking the wallet', async () => {
      const error = await rejection(connector().switchChain(networkInfo('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')));
      expect(error.code).to.equal('UNSUPPORTED_CHAIN');
      expect(provider.calls).to.deep.equal([]);
    });
  });

  describe('disconnect', () => {
    it('revokes the grant with wallet_revokePermissions (EIP-2255)', async () => {
      await connector().disconnect();
      expect(provider.calls).to.deep.equal([{ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }]);
    });

    it('tolerates wallets without revocation (4200, -32601)', async () => {
      provider.handle('wallet_revokePermissions', () => {
        throw providerError(4200, 'Unsupported method');
      });
      await connector().disconnect();
      provider.handle('wallet_revokePermissions', () => {
        throw providerError(-32601, 'Method not found');
      });
      await connector().disconnect();
    });

    it('reports other failures as WidgetErrors', async () => {
      provider.handle('wallet_revokePermissions', () => {
        throw providerError(-32603, 'Internal error');
      });
      const error = await rejection(connector().disconnect());
      expect(error.code).to.equal('DISCONNECT_FAILED');
      expect(error.shortMessage).to.equal('Failed to disconnect');
    });
  });

  describe('subscribe', () => {
    it('passes valid account and chain changes on, ignoring malformed ones, until unsubscribed', () => {
      const seen: string[] = [];
      const unsubscribe = connector().subscribe({
        accountsChanged: (accounts) => seen.push(`accounts:${accounts.join(',')}`),
        chainChanged: (chainId) => seen.push(`chain:${chainId}`),
        disconnect: () => seen.push('disconnect'),
      });
      provider.emit('accountsChanged', [BOB]);
      provider.emit('accountsChanged', ['nope']);
      provider.emit('accountsChanged', []);
      provider.emit('chainChanged', '0xa');
      provider.emit('chainChanged', 'garbage');
      provider.emit('disconnect', providerError(4900, 'Disconnected'));
      expect(seen).to.deep.equal([`accounts:${BOB}`, 'accounts:', 'chain:eip155:10', 'disconnect']);

      unsubscribe();
      expect(provider.listenerCount('accountsChanged') + provider.listenerCount('chainChanged') + provider.listenerCount('disconnect')).to.equal(0);
      provider.emit('chainChanged', '0x1');
      expect(seen).to.have.length(4);
    });
  });
});
