// The secure frame's words come from one catalogue per locale (server/auth-frame/frame-messages.ts), served in the
// page in the visitor's language (`?lang=`, which the widget passes); the pages' scripts ask only for ids it has.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Hono } from 'hono';
import { PROJECT_ROOT } from '../../server/paths.js';
import { FRAME_MESSAGES, frameMessages, wordsText } from '../../server/auth-frame/frame-messages.js';
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

  it('are served in the visitor’s locale (regional tag → language)', async () => {
    const { html, messages } = await page('&lang=de-AT');
    assert.match(html, /<html lang="de" dir="ltr">/);
    assert.match(html, /<title>Sichere Wallet<\/title>/);
    assert.equal(messages['approve.reject'], 'Ablehnen');
    assert.equal(messages['approve.approve'], 'Bestätigen');
    const chinese = await page('&lang=zh-HK');
    assert.match(chinese.html, /<html lang="zh-TW" dir="ltr">/);
    assert.equal(chinese.messages['approve.reject'], '拒絕');
  });

  it('fall back to English for a message a catalogue lacks', () => {
    const german = FRAME_MESSAGES.de!;
    FRAME_MESSAGES.de = { ...german, 'approve.approve': undefined as unknown as string };
    delete FRAME_MESSAGES.de['approve.approve'];
    try {
      assert.equal(frameMessages('de').messages['approve.approve'], 'Approve');
      assert.equal(frameMessages('de').messages['approve.reject'], 'Ablehnen');
    } finally {
      FRAME_MESSAGES.de = german;
    }
  });

  it('lay a right-to-left locale out right to left', async () => {
    for (const [lang, locale, reject] of [['he-IL', 'he', 'דחייה'], ['ar-EG', 'ar', 'رفض'], ['fa', 'fa', 'رد']] as const) {
      const { html, messages } = await page(`&lang=${lang}`);
      assert.match(html, new RegExp(`<html lang="${locale}" dir="rtl">`));
      assert.equal(messages['approve.reject'], reject);
    }
  });

  it('take the modal\'s theme (?theme=light|dark) and nothing else from it', async () => {
    assert.match((await page('&theme=dark')).html, /<html lang="en" dir="ltr" data-theme="dark">/);
    assert.match((await page('&theme=light')).html, /<html lang="en" dir="ltr" data-theme="light">/);
    for (const query of ['', '&theme=system', '&theme=dark%22%20onload%3D%22x']) assert.match((await page(query)).html, /<html lang="en" dir="ltr">/);
  });

  it('cannot close their data block: < is escaped', async () => {
    const german = FRAME_MESSAGES.de!;
    FRAME_MESSAGES.de = { ...german, 'approve.reject': '</script><script>alert(1)</script>' };
    try {
      const { html, messages } = await page('&lang=de');
      assert.equal(html.match(/<\/script>/g)?.length, 2, 'the data block and frame.js');
      assert.equal(messages['approve.reject'], '</script><script>alert(1)</script>');
    } finally {
      FRAME_MESSAGES.de = german;
    }
  });

  it('have every message the service sends as words (what an approval shows), and the service sends no English of its own there', () => {
    const en = frameMessages('en').messages as Record<string, string>;
    const dir = join(PROJECT_ROOT, 'server/auth-frame');
    const sent = ['sign-evm.ts', 'sign-solana.ts', 'permissions.ts'].flatMap((file) => [...readFileSync(join(dir, file), 'utf8').matchAll(/\bid: '([\w.]+)'/g)].map((match) => match[1]!));
    assert.ok(sent.length >= 12, `${sent.length} ids sent`);
    assert.deepEqual(sent.filter((id) => !(id in en)), []);
    // A transfer's description is words, not an English sentence: it reads in the frame's language.
    assert.equal(wordsText({ id: 'ix.transferFromWallet', values: { amount: '0.3 SOL', to: 'Recipient111' } }, frameMessages('de').messages), '0.3 SOL von dieser Wallet an Recipient111 überweisen');
    assert.equal(wordsText({ id: 'ix.tokenTransfer', values: { amount: '2', mint: 'Mint1', to: { id: 'ix.lookupAccount' } } }), 'Token transfer of 2 (mint Mint1) to token account an account from a lookup table');
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
