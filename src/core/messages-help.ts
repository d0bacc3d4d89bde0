import { registerMessages } from './messages.js';

/** The strings of the help views (What is a wallet?, Get a wallet): registered when their code loads. */
export const helpMessages = {
  'help.wallet.what': 'A wallet lets you keep, send and receive digital assets like tokens and NFTs, and sign in to apps with your account.',
  'help.wallet.keys': 'Only you hold the keys to your wallet: nobody, not even this site, can move your assets without your approval in the wallet.',
  'help.wallet.connect': 'Connecting shares your public address with this site. Every transaction still asks for your approval in the wallet.',
  'help.getWallet.intro': 'Choose a wallet to install. Come back here once it is set up to connect.',
  'help.getWallet.listLabel': 'Wallets to install',
  'help.getWallet.loading': 'Loading wallets',
  'help.getWallet.failed': 'The wallet list could not be loaded.',
  'help.getWallet.none': 'No wallet to install was found for your device.',
  'help.getWallet.noDirectory': 'Install a wallet app on your phone or a wallet extension in your browser from its official website or your app store, then come back here to connect.',
  'help.install.app_store': 'Get {wallet} on the App Store',
  'help.install.play_store': 'Get {wallet} on Google Play',
  'help.install.chrome_store': 'Get the {wallet} extension',
  'help.install.homepage': 'Get {wallet}',
} as const;

registerMessages(helpMessages);
