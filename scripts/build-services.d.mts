/** The service entry points by bundle name (scripts/build-services.mjs). */
export const SERVICES: Record<string, string>;
/** Bundles the services into `outdir` (default server/dist/); the packages they import and the bundles' size. */
export function buildServices(options?: { outdir?: string }): Promise<{ imported: Map<string, string>; bytes: number }>;
