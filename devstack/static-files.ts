import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative } from 'node:path';

/** The types the demo and the bundle need; anything else is served as opaque bytes (and nosniff keeps it so). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function isInside(base: string, target: string): boolean {
  const rel = relative(base, target);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * Maps the still percent-encoded part of a URL path after the mount prefix to a file path under `baseDir`,
 * or undefined when it could point anywhere else. Decoding segment by segment (instead of the whole path)
 * is what catches `..%2f` and `%2e%2e`: a segment that decodes to a dot segment or contains a separator is
 * refused outright rather than normalised. Dotfiles are refused too; nothing we serve needs them.
 */
export function resolveInside(baseDir: string, encodedSubPath: string): string | undefined {
  const segments: string[] = [];
  for (const raw of encodedSubPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined; // malformed escape such as %E0%A4%A
    }
    if (segment.startsWith('.') || /[/\\\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  if (segments.length === 0) return undefined;
  const target = join(baseDir, ...segments);
  return isInside(baseDir, target) ? target : undefined;
}

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/**
 * Reads a file for `encodedSubPath` under `baseDir`, or undefined (→ 404) when it is missing, not a regular
 * file, or outside the folder. The realpath check stops a symlink inside the folder from leaking files.
 */
export async function readStaticFile(baseDir: string, encodedSubPath: string): Promise<StaticFile | undefined> {
  const target = resolveInside(baseDir, encodedSubPath);
  if (!target) return undefined;
  try {
    const [realBase, realTarget] = await Promise.all([realpath(baseDir), realpath(target)]);
    if (!isInside(realBase, realTarget)) return undefined;
    if (!(await stat(realTarget)).isFile()) return undefined;
    return { body: await readFile(realTarget), contentType: contentTypeFor(realTarget) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw err;
  }
}
