/** The WalletConnect wallet peer (peer.ts) for tests and the `npm run wc-wallet` command. */
export { startWalletPeer } from './peer.js';
export {
  ANVIL_KEY_0,
  ANVIL_MNEMONIC,
  type AuthOutcome,
  type PeerProposal,
  type PeerRequest,
  type ProposalOutcome,
  type RequestOutcome,
  type WalletPeer,
  type WalletPeerAuth,
  type WalletPeerChain,
  type WalletPeerEvents,
  type WalletPeerMode,
  type WalletPeerOptions,
  type WalletPeerSolanaChain,
  type WalletPeerSolanaOptions,
} from './types.js';
export { isLoopbackHost, type BlockedRequest } from './fetch-guard.js';
