import { registerMessages } from './messages.js';

/** The strings of the namespace chooser and SwitchActiveChain: registered when their code loads. */
export const solanaMessages = {
  'namespace.eip155': 'Ethereum and EVM networks',
  'namespace.solana': 'Solana',
  'namespace.chooseHint': '{wallet} works on more than one kind of network. Which one do you want to connect?',
  'namespace.label': 'Kinds of network',
  'switchActive.question': 'Switch to {namespace}?',
  'switchActive.hint': '{network} needs a {namespace} wallet, and none is connected yet. Your other connection stays.',
  'switchActive.connect': 'Connect a {namespace} wallet',
} as const;

registerMessages(solanaMessages);
