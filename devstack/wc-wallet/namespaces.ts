/**
 * What the wallet peer approves for a session proposal: one eip155 namespace over the chains it has RPCs
 * for, narrowed to those the dapp asked for (required or optional). When none of the asked chains is one of
 * its own it offers its own chains instead, and the dapp decides. A solana namespace is approved when the
 * peer has Solana chains (and is not told to refuse them), over the asked chains it has; other namespaces
 * never. The namespaces are built by the SDK's `buildApprovedNamespaces`, which also keeps only the methods
 * and events the dapp asked for.
 */
import type { ProposalTypes, SessionTypes } from '@walletconnect/types';
import { buildApprovedNamespaces } from '@walletconnect/utils';
import { SOLANA_METHODS } from './solana-requests.js';

/** Methods the peer answers (see requests.ts). */
export const SUPPORTED_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'eth_accounts',
  'eth_chainId',
];
export const SUPPORTED_EVENTS = ['chainChanged', 'accountsChanged'];
export const SOLANA_EVENTS = ['accountsChanged', 'chainChanged'];

/** The peer's Solana side for a proposal: its chains (CAIP-2) and base58 address. */
export interface SolanaOffer {
  chains: string[];
  address: string;
}

type Namespaces = ProposalTypes.RequiredNamespaces;

/** The CAIP-2 chains a proposal asks for in one namespace family (`eip155` key and `eip155:<id>` keys alike). */
export function requestedChains(proposal: { requiredNamespaces?: Namespaces; optionalNamespaces?: Namespaces }, family?: string): string[] {
  const chains = new Set<string>();
  for (const namespaces of [proposal.requiredNamespaces ?? {}, proposal.optionalNamespaces ?? {}]) {
    for (const [key, namespace] of Object.entries(namespaces)) {
      const keyFamily = key.split(':')[0];
      if (family !== undefined && keyFamily !== family) continue;
      if (key.includes(':')) chains.add(key);
      for (const chain of namespace.chains ?? []) chains.add(chain);
    }
  }
  return [...chains];
}

/** Adds (or keeps) `chains` in an eip155 namespace map, for the proposal handed to buildApprovedNamespaces. */
function withChains(namespaces: Namespaces, chains: string[]): Namespaces {
  const eip155 = Object.entries(namespaces).filter(([key]) => key === 'eip155' || key.startsWith('eip155:'));
  const methods = [...new Set(eip155.flatMap(([, ns]) => ns.methods ?? []))];
  const events = [...new Set(eip155.flatMap(([, ns]) => ns.events ?? []))];
  return { eip155: { chains, methods, events } };
}

/**
 * The namespaces to approve `proposal` with, for `address` on `ownChains` (CAIP-2). Throws when the proposal
 * cannot be met (a required namespace or chain the peer does not have).
 */
export function approvedNamespaces(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
  ownChains: string[],
  address: string,
  solana?: SolanaOffer,
): SessionTypes.Namespaces {
  const asked = requestedChains(proposal, 'eip155');
  const shared = ownChains.filter((chain) => asked.includes(chain));
  const chains = shared.length > 0 ? shared : ownChains;
  const required = proposal.requiredNamespaces ?? {};
  const optional = proposal.optionalNamespaces ?? {};
  const askedEip155 = Object.keys({ ...required, ...optional }).some((key) => key === 'eip155' || key.startsWith('eip155:'));
  const solanaAsked = requestedChains(proposal, 'solana');
  const solanaChains = (solana?.chains ?? []).filter((chain) => solanaAsked.includes(chain));
  type Supported = Record<string, { chains: string[]; methods: string[]; events: string[]; accounts: string[] }>;
  const solanaSupported: Supported = solana && solanaChains.length > 0
    ? { solana: { chains: solanaChains, methods: SOLANA_METHODS, events: SOLANA_EVENTS, accounts: solanaChains.map((chain) => `${chain}:${solana.address}`) } }
    : {};
  const namespaces = buildApprovedNamespaces({
    // buildApprovedNamespaces reads only the two namespace maps of the proposal.
    proposal: {
      requiredNamespaces: required,
      // Nothing shared: ask the SDK for our own chains, with the methods and events the dapp wanted.
      optionalNamespaces: shared.length > 0 || !askedEip155 ? optional : { ...optional, ...withChains({ ...required, ...optional }, chains) },
    } as ProposalTypes.Struct,
    supportedNamespaces: {
      eip155: { chains, methods: SUPPORTED_METHODS, events: SUPPORTED_EVENTS, accounts: chains.map((chain) => `${chain}:${address}`) },
      ...solanaSupported,
    },
  });
  for (const key of Object.keys(namespaces)) if (key !== 'eip155' && key !== 'solana') delete namespaces[key];
  // An eip155 namespace is only kept when the dapp asked for one (buildApprovedNamespaces adds every supported one).
  if (!askedEip155 && solanaChains.length > 0) delete namespaces.eip155;
  for (const key of Object.keys(namespaces)) if ((namespaces[key]?.accounts.length ?? 0) === 0) delete namespaces[key];
  if (Object.keys(namespaces).length === 0) throw new Error('the proposal asks for no chain this wallet has');
  return namespaces;
}
