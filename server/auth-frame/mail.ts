/**
 * Mail: the sender (nodemailer, any SMTP URL from configuration). The development stack's capture server and
 * inbox page are in devstack/mail-capture.ts.
 */
import nodemailer from 'nodemailer';

/**
 * Why a code is mailed: a login, one of the two steps of an email change (to the current, then the new address),
 * or the sign-in backend's email capture (server/auth/email-capture.ts).
 */
export type CodePurpose = 'login' | 'update-current' | 'update-new' | 'capture' | 'export';

const LETTERS: Record<CodePurpose, { subject: string; intro: string }> = {
  login: { subject: 'Your login code', intro: 'Your login code is' },
  'update-current': { subject: 'Confirm your email change', intro: 'To move your wallet to a new email address, enter this code from your current address:' },
  'update-new': { subject: 'Confirm your new email', intro: 'To make this your wallet\'s email address, enter this code:' },
  capture: { subject: 'Your confirmation code', intro: 'To confirm your email for signing in, enter the code' },
  export: {
    subject: 'Confirm showing your wallet key',
    intro: 'Someone signed in to your wallet asked to see its private keys. Only if that was you, enter this code in the secure window; never give it to anyone, as with the key they control your wallet. The code is',
  },
};

export interface Mailer {
  sendCode(to: string, code: string, purpose?: CodePurpose): Promise<void>;
  close(): void;
}

/** `smtpUrl` as nodemailer reads it, e.g. smtps://user:pass@smtp.example.com or smtp://127.0.0.1:1025. */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendCode(to, code, purpose = 'login') {
      const letter = LETTERS[purpose];
      await transport.sendMail({
        from,
        to,
        subject: `${letter.subject}: ${code}`,
        text: `${letter.intro} ${code}.\n\nIt is valid for 10 minutes and can be used once. If you did not ask for it, ignore this mail.`,
      });
    },
    close: () => transport.close(),
  };
}

/** A mailer whose SMTP URL is known only at the first send (the stack starts the capture after the sign-in backend). */
export function lazyMailer(smtpUrl: () => string, from: string): Mailer {
  let mailer: Mailer | undefined;
  return {
    sendCode: (to, code, purpose) => (mailer ??= createMailer(smtpUrl(), from)).sendCode(to, code, purpose),
    close: () => mailer?.close(),
  };
}
