// The build's warning filter. Third-party packages trip three of rollup's warnings that change nothing in
// our output; they printed ~60 lines on every build that read like errors. Each is dropped only when every
// file it names is inside node_modules; the same warning about our own code, and every other warning, is
// still printed.

/**
 * - INVALID_ANNOTATION: a `/*#__PURE__*\/` comment rollup cannot place (zod, ox); rollup drops the comment.
 * - CIRCULAR_DEPENDENCY: import cycles inside a package (zod, viem, ox), which those packages handle.
 * - THIS_IS_UNDEFINED: top-level `this` in TypeScript's emitted helpers (detect-browser), guarded by `this && …`.
 */
export const HARMLESS_THIRD_PARTY = new Set(['INVALID_ANNOTATION', 'CIRCULAR_DEPENDENCY', 'THIS_IS_UNDEFINED']);

const inNodeModules = (file) => typeof file === 'string' && /(?:^|[\\/])node_modules[\\/]/.test(file);

/** Whether `warning` (a rollup log) is one of the known harmless ones from a third-party package. */
export function isHarmlessThirdPartyWarning(warning) {
  if (!HARMLESS_THIRD_PARTY.has(warning.code)) return false;
  const files = [...(warning.ids ?? []), ...(warning.id ? [warning.id] : []), ...(warning.loc?.file ? [warning.loc.file] : [])];
  return files.length > 0 && files.every(inNodeModules);
}

/** rollup's `onwarn`: the harmless third-party warnings dropped, every other passed on as rollup prints it. */
export function onwarn(warning, warn) {
  if (!isHarmlessThirdPartyWarning(warning)) warn(warning);
}
