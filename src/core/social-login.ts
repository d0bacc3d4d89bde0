/**
 * Social login's states (docs/specification.md#states): started (the popup is open), requesting user data (the popup answered;
 * the frame opens the session), then success or error; `blocked` when the browser refused the popup (the view
 * offers a button that opens it from a click). `error` is a catalogue message.
 */
export type SocialLoginState =
  | { status: 'idle' }
  | { status: 'started' | 'requesting' | 'success' | 'blocked'; provider: string }
  | { status: 'error'; provider: string; error: string };
