/**
 * The frame page: `/frame?parent=<site origin>`, embeddable only by the configured sites (`frame-ancestors`),
 * with its script and styles from this origin only. A `parent` outside the allowlist is refused outright.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { frameMessages, messagesBlock } from './frame-messages.js';

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), 'public');
const ASSETS: Record<string, string> = { 'frame.js': 'text/javascript; charset=utf-8', 'frame-key.js': 'text/javascript; charset=utf-8', 'social.js': 'text/javascript; charset=utf-8', 'export.js': 'text/javascript; charset=utf-8', 'arm.js': 'text/javascript; charset=utf-8', 'messages.js': 'text/javascript; charset=utf-8', 'values.js': 'text/javascript; charset=utf-8', 'frame.css': 'text/css; charset=utf-8' };

/** `frame-ancestors` for these origins; none configured means no site may embed the frame. */
export function frameAncestors(origins: readonly string[]): string {
  const list = origins.map((origin) => new URL(origin).origin);
  return `frame-ancestors ${list.length ? list.join(' ') : "'none'"}`;
}

export const framePolicy = (origins: readonly string[]): string =>
  `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; ${frameAncestors(origins)}`;

/**
 * The page in the visitor's language (`?lang=`, the widget's): its words are a data block frame.js reads (messages.js).
 * In the modal's theme (`?theme=light|dark`; else the system's): a page of the same colour scheme as the modal that
 * embeds it is drawn on the modal's own background, with no seam.
 */
function page(lang: string | undefined, theme: string | undefined): string {
  const { locale, dir, messages } = frameMessages(lang);
  const scheme = theme === 'light' || theme === 'dark' ? ` data-theme="${theme}"` : '';
  return `<!doctype html>
<html lang="${locale}" dir="${dir}"${scheme}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${messages['title.page'].replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}</title>
<link rel="stylesheet" href="/frame.css">${messagesBlock(messages)}<script type="module" src="/frame.js"></script></head>
<body><main id="approve" hidden></main></body>
</html>`;
}

export function mountFramePage(app: Hono, allowedOrigins: () => readonly string[]): void {
  app.get('/frame', (c) => {
    const allowed = allowedOrigins().map((origin) => new URL(origin).origin);
    const parent = c.req.query('parent') ?? '';
    const headers = { 'Content-Security-Policy': framePolicy(allowed) };
    if (!allowed.includes(parent)) return c.text('This site is not allowed to embed the secure wallet frame.', 403, headers);
    return c.html(page(c.req.query('lang'), c.req.query('theme')), 200, headers);
  });
  for (const [name, type] of Object.entries(ASSETS)) {
    app.get(`/${name}`, async (c) => c.body(await readFile(join(PUBLIC, name)), 200, { 'Content-Type': type }));
  }
}
