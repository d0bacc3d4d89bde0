import { registerMessages } from './messages.js';

/** The Account, Receive, SwitchNetwork and UnsupportedChain views' own strings: registered when they load. */
export const walletViewMessages = {
  'action.copyAddress': 'Copy address',
  'action.disconnect': 'Disconnect',
  'account.copied': 'Address copied',
  'account.balance': 'Balance',
  'account.balanceLoading': 'Loading balance',
  'account.unknownBalance': '—',
  'switch.approveInWallet': 'Approve in your wallet',
  'switch.approveHint': 'Switch to {network} in your wallet to continue.',
  'switch.current': 'Current',
  'switch.networksLabel': 'Networks',
  'unsupported.body': 'This app does not support the network your wallet is on. Switch to a supported network to continue.',
  'unsupported.current': 'Your wallet is on {network}.',
  // Swap (features=swaps): the Account entry and the view titles; the rest is in messages-swap.ts.
  'action.swap': 'Swap',
  'view.Swap': 'Swap',
  'view.SwapSelectToken': 'Select Token',
  'view.SwapPreview': 'Preview Swap',
} as const;

registerMessages(walletViewMessages);
