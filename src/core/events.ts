import type { Caip2, Namespace } from './caip.js';
import type { WidgetErrorCode } from './errors.js';
import type { SiwxSession } from './siwx-rules.js';

/** The views of the modal that a host can name in `open({ view })`. */
export type ViewName =
  | 'Connect'
  | 'AllWallets'
  | 'ConnectingExternal'
  | 'ConnectingWalletConnect'
  | 'Account'
  | 'SwitchNetwork'
  | 'SwitchActiveChain'
  | 'UnsupportedChain'
  | 'Send'
  | 'SendReview'
  | 'SendResult'
  | 'Receive'
  | 'WhatIsAWallet'
  | 'GetAWallet'
  | 'SIWXSignMessage'
  | 'DataCapture'
  | 'OnRampProviders'
  | 'OnRampTokenSelect'
  | 'OnRampFiatSelect'
  | 'BuyInProgress'
  | 'RegisterAccountName'
  | 'Swap'
  | 'SwapSelectToken'
  | 'SwapPreview'
  | 'EmailLogin'
  | 'ConnectingFarcaster'
  | 'AccountSettings'
  | 'ProfileWallets'
  | 'SmartSessionList'
  | 'UpdateEmailWallet'
  | 'ApproveTransaction';

export type ConnectorType = 'injected' | 'walletconnect' | 'auth';
export interface ConnectorSummary {
  id: string;
  name: string;
  type: ConnectorType;
}

/** What a `wallet-transaction` sent: a transfer of the native coin, an ERC-20 or SPL token, or a swap's approval and swap. */
export type TransactionKind = 'native-transfer' | 'erc20-transfer' | 'spl-transfer' | 'approve' | 'swap';

/** The `detail` of each event the element dispatches (docs/contract.md, "Events"). */
export interface WalletEventDetails {
  'wallet-open': { view: ViewName };
  'wallet-close': { view: ViewName };
  'wallet-connect': { address: string; caipAddress: string; chainId: Caip2; namespace: Namespace; connector: ConnectorSummary };
  /** `connector` only while another wallet of the namespace stays connected (ProfileWallets): which one ended. */
  'wallet-disconnect': { namespace: Namespace; connector?: ConnectorSummary };
  'wallet-account-change': { address: string; caipAddress: string; namespace: Namespace };
  'wallet-network-change': { chainId: Caip2; namespace: Namespace; supported: boolean };
  'wallet-session': { status: 'authenticated'; session: SiwxSession } | { status: 'unauthenticated' };
  /** `userOpHash` only when `hash` is the bundle that included an embedded wallet's smart-account user operation. */
  'wallet-transaction': { status: 'pending' | 'confirmed' | 'failed'; hash: string; chainId: Caip2; kind: TransactionKind; userOpHash?: string };
  'wallet-error': { code: WidgetErrorCode; message: string };
  /** The connected account registered a name (Get a name, feature `names`). */
  'wallet-name': { name: string; address: string; caipAddress: string };
}

export type WalletEventName = keyof WalletEventDetails;

/** `addEventListener` typing for hosts: `el.addEventListener('wallet-connect', (e) => e.detail.address)`. */
export type WalletEventMap = { [K in WalletEventName]: CustomEvent<WalletEventDetails[K]> };

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/** The element's read-only `state` property. */
export interface WidgetState {
  open: boolean;
  view: ViewName;
  status: ConnectionStatus;
  namespace: Namespace | undefined;
  address: string | undefined;
  caipAddress: string | undefined;
  chainId: Caip2 | undefined;
  supported: boolean;
  connector: ConnectorSummary | undefined;
  /** Every connected namespace's connection (the active one included), `eip155` before `solana`. */
  connections: ConnectionState[];
  /** The sign-in session (`siwx-url`) of the connected EVM account, if signed in. */
  session: SiwxSession | undefined;
  /** An email or social login's chosen EVM account type; undefined without one. */
  preferredAccountType: 'eoa' | 'smartAccount' | undefined;
  /** Whether that login's smart account is deployed on the EVM network in use (false without one). */
  smartAccountDeployed: boolean;
  /** An email or social login's user: its email (absent for a social login without one) and its accounts. */
  user: LoginUser | undefined;
  /** A social login's provider (`google`, `github`, …); undefined for an email login or another wallet. */
  socialProvider: string | undefined;
}

/** `state.user`: an email or social login's accounts, each with its type (docs/specification.md#data). */
export interface LoginUser {
  email: string | undefined;
  /** The login's EOA per namespace, and its smart account on the EVM network in use where the service has one. */
  accounts: { namespace: Namespace; address: string; type: 'eoa' | 'smartAccount' }[];
}

/** One connected namespace in `state.connections`. */
export interface ConnectionState {
  status: 'connected';
  namespace: Namespace;
  address: string;
  caipAddress: string;
  chainId: Caip2;
  supported: boolean;
  connector: ConnectorSummary;
}
