/**
 * The widget's SDK identification, sent as `st` and `sv` on every call (docs/wire-formats.md#requests). The
 * version is package.json's, stamped in at build time (build-constants.d.ts).
 */
export const SDK_TYPE = 'wallet-connect-modal';
// Run unbundled (Node tests through tsx) nothing stamps it; `typeof` keeps that from throwing at import.
export const SDK_VERSION = `html-core-${typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : 'dev'}`;

/**
 * Sent as `projectId` when the host set no `project-id`. Every call to a service carries one
 * (docs/wire-formats.md#requests; `server/api` and `server/directory` require it): a self-hosted service needs
 * no real one and accepts this one, the hosted services refuse it (403, `INVALID_APP_CONFIG`).
 */
export const NO_PROJECT_ID = 'none';

/** A service the widget calls: its base URL (`api-url`, `directory-url`) and the host's project id. */
export interface ServiceBase {
  url: string;
  projectId: string | undefined;
}

/**
 * `<base>/<path>?<params>&projectId&st&sv`, the one way every service URL is built. The base's path prefix is
 * kept (`https://host/prefix/` + `v1/x` is `https://host/prefix/v1/x`, never `https://host/v1/x`), its query
 * and fragment are dropped; undefined parameters are left out and the identification ones come last.
 */
export function serviceUrl(base: ServiceBase, path: string, params: Record<string, string | undefined> = {}): URL {
  const url = new URL(base.url);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  url.search = '';
  url.hash = '';
  for (const [key, value] of Object.entries({ ...params, projectId: base.projectId ?? NO_PROJECT_ID, st: SDK_TYPE, sv: SDK_VERSION })) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url;
}
