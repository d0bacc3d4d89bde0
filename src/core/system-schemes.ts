/**
 * URI schemes that the phone's system or the browser handles itself, so a wallet link in one of them would
 * call, text, mail, install, open settings, run script or read local data instead of opening a wallet app.
 * A wallet link is followed only when it is `https:` or a custom app scheme that is none of these
 * (`deep-links.ts`).
 *
 * The list is maintained by hand from these sources (keep the groups; add to them, never loosen):
 * - the IANA URI scheme registry (https://www.iana.org/assignments/uri-schemes/uri-schemes.xhtml): the
 *   permanent schemes and the provisional ones of operating systems and browsers;
 * - Apple's system URL schemes (phone, messages, mail, FaceTime, maps, the App Store and `itms-services`
 *   enterprise installs, Settings, Shortcuts, `x-apple-*`);
 * - Android's (`intent:`, `android-app:`, `content:`, `market:`);
 * - Windows' (`ms-*` for settings, the store and Office, `search-ms`, `microsoft-edge`);
 * - browsers' internal and extension schemes (Chromium, Edge, Firefox, Safari, Opera, Brave, Vivaldi).
 */

/** Exact scheme names, lower case. */
export const SYSTEM_SCHEMES: ReadonlySet<string> = new Set([
  // Script, document and local-data schemes (IANA permanent, WHATWG fetch): run code or read the device.
  'javascript', 'vbscript', 'livescript', 'mocha', 'data', 'blob', 'about', 'view-source', 'file', 'filesystem', 'jar',
  'resource', 'cid', 'mid', 'content', 'res', 'wyciwyg',
  // Network transports other than https (IANA permanent), and feeds and calendars the system subscribes to.
  'http', 'ws', 'wss', 'ftp', 'ftps', 'sftp', 'tftp', 'gopher', 'telnet', 'tn3270', 'ssh', 'rtsp', 'rtsps', 'rtmp', 'rtp',
  'irc', 'ircs', 'irc6', 'news', 'nntp', 'snews', 'ldap', 'ldaps', 'smb', 'nfs', 'afp', 'vnc', 'rdp', 'git', 'svn', 'dav',
  'webcal', 'webcals', 'feed', 'itpc', 'pcast', 'podcast', 'wais', 'prospero', 'imap', 'pop', 'acap', 'dict', 'ipp', 'ipps',
  'coap', 'coaps', 'mqtt', 'redis', 'rediss', 'ms-help', 'magnet', 'ed2k', 'torrent',
  // Calls, messages, mail and presence (IANA permanent and provisional; Apple, Android).
  'tel', 'telprompt', 'callto', 'sip', 'sips', 'h323', 'iax', 'fax', 'modem', 'sms', 'smsto', 'mms', 'mmsto', 'mailto',
  'message', 'im', 'pres', 'xmpp', 'jabber', 'facetime', 'facetime-audio', 'facetime-group', 'facetime-prompt', 'skype',
  'geo', 'maps', 'map', 'urn', 'tag', 'dns', 'info',
  // Apple: App Store, enterprise installs, media stores, Settings, Shortcuts, system apps.
  'itms', 'itmss', 'itms-apps', 'itms-appss', 'itms-services', 'itms-books', 'itms-bookss', 'itms-itunesu', 'itms-podcasts',
  'itms-watch', 'itms-messages', 'itms-beta', 'apps', 'macappstore', 'macappstores', 'music', 'musics', 'ibooks', 'podcasts',
  'prefs', 'app-prefs', 'app-settings', 'settings', 'shortcuts', 'workflow', 'photos-redirect', 'applenews', 'applenewss',
  'calshow', 'addressbook', 'shoebox', 'wallet', 'findmy', 'fmip1', 'mobilenotes', 'x-web-search', 'icloud-sharing', 'vnd.apple.file',
  // Android: intents start any app component; Play Store; system settings.
  'intent', 'android-app', 'android', 'market', 'googlechrome', 'googlechromes',
  // Windows.
  'search-ms', 'search', 'microsoft-edge', 'microsoft-edge-holographic', 'read', 'shell', 'windows', 'onenote', 'outlook',
  // Browsers' own pages and extensions.
  'chrome', 'chrome-extension', 'chrome-untrusted', 'chrome-search', 'chrome-native', 'chrome-devtools', 'devtools', 'edge',
  'brave', 'opera', 'vivaldi', 'moz-extension', 'moz-icon', 'moz-page-thumb', 'safari-extension', 'safari-web-extension',
  'webkit', 'isolated-app', 'firefox', 'opera-http', 'opera-https',
]);

/**
 * Whole families, by prefix: `ms-` (Windows settings, store and Office: `ms-settings:`, `ms-windows-store:`,
 * `ms-word:`…), `x-apple-` (`x-apple-health:`, `x-apple-reminderkit:`…), `itms` (every App Store variant),
 * `chrome-`, `moz-`, `safari-`, `edge-`, `opera-` (browser internals), `facetime` and `web+` (handlers a
 * website registered in this browser: they lead to that website, not to an app).
 */
const SYSTEM_PREFIXES = ['ms-', 'x-apple-', 'itms', 'chrome-', 'moz-', 'safari-', 'edge-', 'opera-', 'facetime', 'web+'];

/** Whether `scheme` (any case, without the colon) is a system or browser scheme a wallet link may not use. */
export function isSystemScheme(scheme: string): boolean {
  const name = scheme.toLowerCase();
  return SYSTEM_SCHEMES.has(name) || SYSTEM_PREFIXES.some((prefix) => name.startsWith(prefix));
}
