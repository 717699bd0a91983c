// How emails leave the service. Only SMTP exists today (nodemailer); without SMTP_URL there is no
// mailer and emails stay in the outbox table, readable there (and through GET /test/emails).
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface Mailer {
  /** Delivers one email; rejects with a MailerError when delivery failed. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** A failed delivery. `permanent` when retrying cannot help (the server answered 5xx). */
export class MailerError extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.name = 'MailerError';
    this.permanent = permanent;
  }
}

/** The configured mailer, or null when SMTP_URL is not set. */
export function createMailer(config: { smtpUrl: string | null; mailFrom: string }): Mailer | null {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : null;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Short timeouts: a hung server must not hold a dispatcher run for minutes (the defaults are 2 min).
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(email) {
      try {
        await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text, ...(email.html ? { html: email.html } : {}) });
      } catch (error) {
        const { message, responseCode } = error as { message?: string; responseCode?: number };
        const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
        throw new MailerError(message ?? 'SMTP delivery failed', permanent);
      }
    },
    close: () => transport.close(),
  };
}
