// The secure frame's words come from one catalogue per locale (server/auth-frame/frame-messages.ts), served in the
// page in the visitor's language (`?lang=`, which the widget passes); the pages' scripts ask only for ids it has.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Hono } from 'hono';
import { PROJECT_ROOT } from '../../server/paths.js';
import { FRAME_MESSAGES, frameMessages } from '../../server/auth-frame/frame-messages.js';
import { mountFramePage } from '../../server/auth-frame/frame-page.js';

const SITE = 'https://shop.example';
const PUBLIC = join(PROJECT_ROOT, 'server/auth-frame/public');

async function page(query: string): Promise<{ status: number; html: string; messages: Record<string, string> }> {
  const app = new Hono();
  mountFramePage(app, () => [SITE]);
  const response = await app.request(`/frame?parent=${encodeURIComponent(SITE)}${query}`);
  const html = await response.text();
  const block = /<script type="application\/json" id="wcm-messages">(.*?)<\/script>/s.exec(html);
  return { status: response.status, html, messages: JSON.parse(block?.[1] ?? '{}') as Record<string, string> };
}

describe('the secure frame’s messages', () => {
  after(() => {
    delete FRAME_MESSAGES.de;
  });

  it('are English without ?lang= and for a language with no catalogue, left to right', async () => {
    for (const query of ['', '&lang=sw', '&lang=not%20a%20tag']) {
      const { status, html, messages } = await page(query);
      assert.equal(status, 200);
      assert.match(html, /<html lang="en" dir="ltr">/);
      assert.match(html, /<title>Secure wallet<\/title>/);
      assert.equal(messages['approve.reject'], 'Reject');
      assert.equal(messages['export.title'], 'Export wallet keys');
    }
  });

  it('are served in the visitor’s locale when it has a catalogue (regional tag → language), English where it lacks a message', async () => {
    FRAME_MESSAGES.de = { 'approve.reject': 'Ablehnen', 'title.page': 'Sichere Wallet' };
    const { html, messages } = await page('&lang=de-AT');
    assert.match(html, /<html lang="de" dir="ltr">/);
    assert.match(html, /<title>Sichere Wallet<\/title>/);
    assert.equal(messages['approve.reject'], 'Ablehnen');
    assert.equal(messages['approve.approve'], 'Approve');
  });

  it('lays a right-to-left locale out right to left', () => {
    FRAME_MESSAGES.he = { 'approve.reject': 'דחייה' };
    try {
      assert.deepEqual([frameMessages('he-IL').locale, frameMessages('he-IL').dir, frameMessages('he-IL').messages['approve.reject']], ['he', 'rtl', 'דחייה']);
    } finally {
      delete FRAME_MESSAGES.he;
    }
  });

  it('cannot close their data block: < is escaped', async () => {
    FRAME_MESSAGES.de = { 'approve.reject': '</script><script>alert(1)</script>' };
    const { html, messages } = await page('&lang=de');
    assert.equal(html.match(/<\/script>/g)?.length, 2, 'the data block and frame.js');
    assert.equal(messages['approve.reject'], '</script><script>alert(1)</script>');
  });

  it('have every id the pages ask for, and the pages have no words of their own left', () => {
    const en = frameMessages('en').messages as Record<string, string>;
    for (const file of ['frame.js', 'export.js']) {
      const source = readFileSync(join(PUBLIC, file), 'utf8');
      const ids = [...source.matchAll(/\bm(?:Parts|Plural)?\('([\w.]+)'/g)].map((match) => match[1]!);
      assert.ok(ids.length > 10, `${file} asks for its words`);
      const missing = ids.filter((id) => !(id in en) && !(`${id}.other` in en));
      assert.deepEqual(missing, [], file);
      // Text nodes and labels built from literals: none left but the RPC errors (EIP-1193's, for the host page).
      const literals = [...source.matchAll(/(?:element|el|button)\('\w+', '([^']+)'|button\('([^']+)'/g)].map((match) => match[1] ?? match[2]).filter((text) => /\p{L}/u.test(text!));
      assert.deepEqual(literals, [], file);
    }
    const templated = [
      ...['personal_sign', 'eth_sign', 'solana_signMessage', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_grantPermissions', 'solana_signAndSendTransaction', 'solana_signTransaction'].map((method) => `approve.${method}`),
      ...['send', 'approve', 'call', 'deploy'].map((action) => `action.${action}`),
      ...['no_email', 'not_signed_in', 'resend_too_soon', 'rate_limited', 'invalid_code', 'wrong_code', 'expired_code', 'too_many_attempts', 'mail_failed'].map((code) => `export.${code}`),
    ];
    assert.deepEqual(templated.filter((id) => !(id in en)), []);
  });
});
