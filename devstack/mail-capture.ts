/**
 * The development stack's mail capture (smtp-server + mailparser, local-stack.md Appendix G) with a small inbox
 * page, so login codes can be read by a person in a browser or by a test. Never part of the deployed login
 * service, which sends through SMTP_URL (server/auth-frame/mail.ts).
 */
import { Hono } from 'hono';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { hostAllowlist, localHosts } from '../server/host-check.js';
import { listen } from '../server/listen.js';
import { isAddressInUse, PortInUseError } from '../server/ports.js';

export interface CapturedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  receivedAt: number;
}

export interface MailCapture {
  /** smtp://127.0.0.1:PORT, the SMTP URL to give the mailer. */
  smtpUrl: string;
  /** The inbox page (http), newest first; `messages.json` next to it. */
  inboxUrl: string;
  messages(): readonly CapturedMail[];
  /** The next mail to `to` received after now, or one already received since `since` (ms). */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number }): Promise<CapturedMail>;
  stop(): Promise<void>;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function inboxPage(mails: readonly CapturedMail[]): string {
  const rows = [...mails]
    .reverse()
    .map((m) => `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)}, ${new Date(m.receivedAt).toISOString()}</p><pre>${escapeHtml(m.text)}</pre></article>`)
    .join('\n');
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Local inbox</title><h1>Local inbox (${mails.length})</h1>\n${rows || '<p>No mail yet.</p>'}</html>`;
}

/** The local capture: SMTP on `smtpPort`, the inbox page on `webPort` (0 picks free ports). Keeps the last 200 mails. */
export async function startMailCapture({ host = '127.0.0.1', smtpPort = 0, webPort = 0 }: { host?: string; smtpPort?: number; webPort?: number } = {}): Promise<MailCapture> {
  const inbox: CapturedMail[] = [];
  const waiters = new Set<(mail: CapturedMail) => void>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((parsed) => {
        const address = (list: typeof parsed.to): string => (Array.isArray(list) ? list.map((a) => a.text).join(', ') : (list?.text ?? ''));
        const mail = { to: address(parsed.to), from: parsed.from?.text ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '', receivedAt: Date.now() };
        inbox.push(mail);
        if (inbox.length > 200) inbox.shift();
        for (const waiter of waiters) waiter(mail);
        done();
      }, done);
    },
  });
  // A sender that dies mid-mail (a service killed with -9) resets its connection: that is no reason to crash.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', (err: Error) => reject(isAddressInUse(err) ? new PortInUseError('mail capture (SMTP)', host, smtpPort) : err));
    smtp.listen(smtpPort, host, () => resolve());
  });
  const port = (smtp.server.address() as { port: number }).port;
  const app = new Hono();
  // The inbox holds login codes: a DNS-rebinding page (another Host) must not read it.
  let hosts: string[] = [];
  app.use('*', hostAllowlist(() => hosts));
  app.get('/', (c) => c.html(inboxPage(inbox), 200, { 'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'" }));
  app.get('/messages.json', (c) => c.json(inbox));
  let web;
  try {
    web = await listen(app.fetch, { host, port: webPort, service: 'mail capture (inbox page)' });
    hosts = localHosts(web.port, web.url);
  } catch (err) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw err;
  }
  const matches = (mail: CapturedMail, to: string): boolean => mail.to.toLowerCase().includes(to.toLowerCase());
  let stopping: Promise<void> | undefined;
  return {
    smtpUrl: `smtp://${host}:${port}`,
    inboxUrl: web.url,
    messages: () => inbox,
    waitFor(to, { since, timeoutMs = 10_000 } = {}) {
      const earlier = since === undefined ? undefined : inbox.find((m) => m.receivedAt >= since && matches(m, to));
      if (earlier) return Promise.resolve(earlier);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = (mail: CapturedMail): void => {
          if (!matches(mail, to)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        waiters.add(waiter);
      });
    },
    stop: () => (stopping ??= Promise.all([web.stop(), new Promise<void>((resolve) => smtp.close(() => resolve()))]).then(() => undefined)),
  };
}

/** The 6-digit code in a captured mail. */
export const codeIn = (mail: CapturedMail): string | undefined => /\b(\d{6})\b/.exec(mail.text)?.[1];
