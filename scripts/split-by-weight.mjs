// Splits test files into groups of about equal run time, from the seconds each took in a measured run (a JSON map of
// file name → seconds, e.g. test/e2e/durations.json). A file the map does not know counts as the median, so a new
// file is placed, not dropped; a stale figure only unbalances the groups. Longest first, each into the group that
// is lightest so far (within the longest file's time of the best split).
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** `files` in `count` groups (each in name order); `seconds` maps a file's base name to its measured time. */
export function splitByWeight(files, count, seconds) {
  const known = Object.values(seconds).filter((s) => typeof s === 'number' && s >= 0).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const weight = (file) => seconds[basename(file)] ?? median;
  const groups = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((best, group) => (group.seconds < best.seconds ? group : best));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return groups.map((group) => ({ files: group.files.sort(), seconds: group.seconds }));
}

/** The measured seconds per file from `path`, or none (every file the median) when it is missing or unreadable. */
export function readDurations(path) {
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
}
