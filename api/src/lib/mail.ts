import nodemailer, { type Transporter } from 'nodemailer';

/** What mail needs of the configuration (config.ts's `mail`). */
export interface MailSettings {
  /** Unset: the development outbox. */
  smtpUrl?: string;
  from: string;
  /** Where links in mail point. */
  siteUrl: string;
  resendPerHour: number;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A mail as the development outbox shows it (GET /dev/mail.json): recipient, subject, text, links. */
export interface OutboxMessage {
  recipient: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

/** How many mails the development outbox keeps, newest first. */
const OUTBOX_SIZE = 200;
const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * Where mail goes: SMTP through nodemailer (SMTP_URL), or, on a developer's machine with the
 * embedded database, the development outbox, read at /dev/mail. Mail carries links that sign
 * nothing in by themselves, but they are secrets until used: nothing here logs a mail's text.
 */
export class Mailer {
  private readonly transport: Transporter;
  /** Present only in development: what would have been sent. */
  readonly outbox: OutboxMessage[] | undefined;

  constructor(private readonly settings: MailSettings) {
    this.outbox = settings.smtpUrl ? undefined : [];
    this.transport = settings.smtpUrl
      ? nodemailer.createTransport(settings.smtpUrl)
      : nodemailer.createTransport({ jsonTransport: true });
  }

  /** A link to a page of the site, from PUBLIC_URL (never from a request's Host). */
  siteLink(pathname: string, query: Record<string, string>) {
    const url = new URL(pathname, this.settings.siteUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.href;
  }

  async send(mail: Mail) {
    await this.transport.sendMail({ from: this.settings.from, ...mail });
    if (this.outbox) {
      this.outbox.unshift({
        recipient: mail.to,
        subject: mail.subject,
        text: mail.text,
        links: mail.text.match(LINK) ?? [],
        sentAt: new Date().toISOString(),
      });
      this.outbox.length = Math.min(this.outbox.length, OUTBOX_SIZE);
    }
  }

  close() {
    this.transport.close();
  }
}
