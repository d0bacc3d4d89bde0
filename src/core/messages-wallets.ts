import { registerMessages } from './messages.js';

/** ProfileWallets (the hosted modal's title "Wallets"): registered when its view's code loads. */
export const walletsMessages = {
  'view.ProfileWallets': 'Wallets',
  'wallets.entry': 'Wallets',
  'wallets.active': 'Active',
  'wallets.makeActive': 'Make active',
  'wallets.disconnect': 'Disconnect',
  'wallets.add': 'Add wallet',
  'wallets.none': 'No wallet connected',
  'wallets.type.injected': 'Extension',
  'wallets.type.walletconnect': 'WalletConnect',
  'wallets.type.auth': 'Email or social login',
  'wallets.type.smartAccount': 'Smart account',
  'wallets.rowLabel': '{wallet}, {type}, {address}',
} as const;

registerMessages(walletsMessages);
