import { registerMessages } from './messages.js';

/** Get a name (feature `names`): registered by the lazily loaded Names chunk. */
export const nameMessages = {
  'names.getName': 'Get a name',
  'names.label': 'Name',
  'names.rules': 'At least 4 characters: letters a–z, digits 0–9 and hyphens. Your name ends in .{zone}.',
  'names.free': 'Signing a message registers it: no transaction, no network fee.',
  'names.ruleCharacters': 'Use only letters a–z, digits 0–9 and hyphens',
  'names.ruleShort': 'A name has at least 4 characters',
  'names.ruleLong': 'A name has at most 63 characters',
  'names.ruleHyphen': 'A name cannot start or end with a hyphen',
  'names.checking': 'Checking availability…',
  'names.available': '{name} is available',
  'names.taken': '{name} is taken',
  'names.suggestions': 'Available names',
  'names.register': 'Register',
  'names.signing': 'Sign the message in your wallet…',
  'names.registered': '{name} is now your name',
  'names.checkFailed': 'Could not check this name. Try again.',
  'names.takenNow': '{name} was just taken. Choose another name.',
  'names.expired': 'The signed message expired. Register again to sign a new one.',
  'names.rejected': 'The signature was declined in the wallet.',
  'names.failed': 'Error registering name {name}',
  'names.hasName': 'This account already has the name {name}',
} as const;

registerMessages(nameMessages);
