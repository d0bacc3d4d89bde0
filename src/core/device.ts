/** What the page runs on, as far as choosing between a QR code and a wallet's app link needs to know. */

/** The user agents of phones and tablets (docs/wire-formats.md#wallet-directory). */
const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|Opera Mini/i;

export interface DeviceProbe {
  /** `window.matchMedia`, or undefined outside a browser. */
  matchMedia?: ((query: string) => { matches: boolean }) | undefined;
  userAgent?: string | undefined;
}

/**
 * True on a phone or tablet: the primary pointer is coarse (a finger), or the user agent names a mobile
 * platform (docs/wire-formats.md#wallet-directory). Reads the browser's own values unless `probe` gives others (tests).
 */
export function isMobileDevice(probe: DeviceProbe = browserProbe()): boolean {
  try {
    if (probe.matchMedia?.('(pointer: coarse)').matches) return true;
  } catch {
    // A matchMedia that throws (very old engines, odd embeds) tells us nothing; the user agent still does.
  }
  return MOBILE_AGENT.test(probe.userAgent ?? '');
}

function browserProbe(): DeviceProbe {
  const matchMedia = typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia.bind(globalThis) : undefined;
  return { matchMedia, userAgent: globalThis.navigator?.userAgent };
}
