import { SolanaSignAndSendTransaction, SolanaSignMessage, SolanaSignTransaction } from '@solana/wallet-standard-features';
import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { StandardConnect, StandardDisconnect, StandardEvents } from '@wallet-standard/features';
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features';
import type { Caip2 } from '../../core/caip.js';
import { WidgetError } from '../../core/errors.js';
import { toWidgetError } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import '../../core/messages-errors.js';
import type { ConnectResult, ConnectorListeners, SolanaConnector, SolanaHostProvider } from '../types.js';
import { type SolanaNow, solanaHostProvider } from './host-provider.js';
import { isSolanaAddress } from '../../core/address.js';
import { pickSolanaChain, servesChain, standardChain } from './chains.js';
import { sendSignedTransaction } from './wire.js';

/** Whether a registered Wallet Standard wallet can be a Solana connector: a `solana:` chain and `standard:connect`. */
export const isSolanaWallet = (wallet: Wallet): boolean => wallet.chains.some((c) => c.startsWith('solana:')) && StandardConnect in wallet.features;

type Features = Partial<StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature>;

const notSupported = (what: string) => new WidgetError('REQUEST_FAILED', t('error.unknown'), { details: `the wallet does not support ${what}` });

/**
 * A Wallet Standard wallet on Solana. `networks()` gives the configured networks (the default first): the
 * connection starts on the first the wallet serves, since Wallet Standard has no "current chain". `now()`
 * gives this wallet's connection as it is (for `hostProvider`), undefined when it is not connected.
 */
export function createSolanaConnector(wallet: Wallet, networks: () => readonly Caip2[], now: SolanaNow): SolanaConnector {
  const features = wallet.features as Features;
  // The wallet's own name for the network: the CAIP-2 id when it lists that, else the cluster name.
  const chain = (id: Caip2) => (wallet.chains.includes(id) ? id : standardChain(id));
  const solanaAccounts = (accounts: readonly WalletAccount[]) => accounts.filter((a) => isSolanaAddress(a.address) && a.chains.some((c) => c.startsWith('solana:')));
  const account = () => {
    const found = solanaAccounts(wallet.accounts)[0];
    if (!found) throw new WidgetError('NOT_CONNECTED', t('error.notConnected'));
    return found;
  };
  const result = (accounts: readonly WalletAccount[]): ConnectResult | undefined => {
    const addresses = solanaAccounts(accounts).map((a) => a.address);
    const chainId = pickSolanaChain(wallet.chains, networks());
    return addresses.length > 0 && chainId ? { accounts: addresses, chainId } : undefined;
  };
  const connect = async (silent: boolean) => result((await features[StandardConnect]!.connect(silent ? { silent } : undefined)).accounts);
  /** Calls a wallet method, turning its refusal into the widget's `USER_REJECTED` (4001 and the like). */
  const ask = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw toWidgetError(error, 'request');
    }
  };

  const connector: SolanaConnector = {
    id: `solana:${wallet.name}`,
    name: wallet.name,
    icon: wallet.icon,
    type: 'injected',
    namespace: 'solana',
    serves: (chainId) => servesChain(wallet.chains, chainId),

    async connect() {
      let connected: ConnectResult | undefined;
      try {
        connected = await connect(false);
      } catch (error) {
        throw toWidgetError(error, 'connect');
      }
      if (!connected) throw new WidgetError('CONNECTION_REJECTED', t('error.connectionRejected'), { details: 'the wallet granted no Solana account' });
      return connected;
    },

    async restore() {
      try {
        return await connect(true);
      } catch {
        return undefined;
      }
    },

    async disconnect() {
      try {
        await features[StandardDisconnect]?.disconnect();
      } catch (error) {
        throw toWidgetError(error, 'disconnect');
      }
    },

    subscribe(listeners: ConnectorListeners) {
      return (
        features[StandardEvents]?.on('change', ({ accounts }) => {
          if (accounts) listeners.accountsChanged(solanaAccounts(accounts).map((a) => a.address));
        }) ?? (() => {})
      );
    },

    async signMessage(message) {
      const feature = features[SolanaSignMessage];
      if (!feature) throw notSupported(SolanaSignMessage);
      const [output] = await ask(() => feature.signMessage({ account: account(), message }));
      return output!.signature;
    },

    async signTransaction(transaction, chainId) {
      const feature = features[SolanaSignTransaction];
      if (!feature) throw notSupported(SolanaSignTransaction);
      const [output] = await ask(() => feature.signTransaction({ account: account(), transaction, chain: chain(chainId) }));
      return output!.signedTransaction;
    },

    async signAndSendTransaction(transaction, chainId, rpcUrl) {
      const feature = features[SolanaSignAndSendTransaction];
      if (feature) {
        const [output] = await ask(() => feature.signAndSendTransaction({ account: account(), transaction, chain: chain(chainId) }));
        return output!.signature;
      }
      // SPEC: a wallet without signAndSend signs, and the widget sends through the network's RPC.
      const signed = await connector.signTransaction(transaction, chainId);
      if (!rpcUrl) throw notSupported(`${SolanaSignAndSendTransaction} (and no RPC for ${chainId})`);
      return sendSignedTransaction(rpcUrl, signed);
    },
    get hostProvider() {
      return (provider ??= solanaHostProvider(connector, now));
    },
  };
  let provider: SolanaHostProvider | undefined;
  return connector;
}
