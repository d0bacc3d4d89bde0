import { registerMessages } from './messages.js';

/**
 * Social login (docs/specification.md#states states, §8 errors verbatim): registered when the social buttons load.
 * The service's reasons (`access_denied`, `state_mismatch`, …) are never shown as they are.
 */
export const socialMessages = {
  // docs/specification.md#errors
  'social.popupClosed': 'Popup closed',
  'social.initiateFailed': 'Failed to initiate social connection',
  'social.connectFailed': 'Failed to connect',
  'social.label': 'Log in with a social account',
  'social.continueWith': 'Continue with {provider}',
  // docs/specification.md#states states (the hosted modal's copy: "Connect in the provider window", "Retrieving user data")
  'social.started': 'Continue in the {provider} window',
  'social.requesting': 'Retrieving user data',
  'social.success': 'Connected with {provider}',
  'social.blocked': 'Your browser blocked the {provider} window.',
  'social.reopen': 'Open the {provider} window',
  'social.google': 'Google',
  'social.x': 'X',
  'social.discord': 'Discord',
  'social.github': 'GitHub',
  'social.apple': 'Apple',
  'social.facebook': 'Facebook',
  'social.farcaster': 'Farcaster',
  // ConnectingFarcaster (docs/specification.md#views; §8 verbatim: "Failed to connect to farcaster")
  'view.ConnectingFarcaster': 'Farcaster',
  'farcaster.failed': 'Failed to connect to farcaster',
  'farcaster.starting': 'Preparing the Farcaster sign-in',
  'farcaster.scan': 'Scan this QR code with your phone\'s camera or the Farcaster app, then approve the sign-in',
  'farcaster.qrLabel': 'QR code to sign in with Farcaster',
  'farcaster.waiting': 'Waiting for approval in Farcaster',
  'farcaster.open': 'Open in Farcaster',
  'farcaster.signingIn': 'Signing in',
  'farcaster.retry': 'Try again',
} as const;

registerMessages(socialMessages);
