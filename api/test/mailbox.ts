import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { App } from '../src/app';

const VERIFY_LINK = /https?:\/\/[^\s]+\/verify-email\?token=([\w-]+)/;
const STAFF_INVITE_LINK = /https?:\/\/[^\s]+\/staff-invite\?token=([\w-]+)/;

export interface Mailbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: { to: string[]; subject: string; text: string }[];
  /** The token of the newest verification link mailed to `email`. */
  token(email: string): string;
  close(): Promise<void>;
}

/** A real SMTP server on a loopback port that keeps what it receives (tests and benchmarks). */
export async function startMailbox(): Promise<Mailbox> {
  const received: Mailbox['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    token(email) {
      const mail = received.findLast((message) => message.to.includes(email) && VERIFY_LINK.test(message.text));
      const token = mail?.text.match(VERIFY_LINK)?.[1];
      if (!token) throw new Error(`no verification link was mailed to ${email}`);
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the newest link matching `link` mailed to `email` (other mail, such as a PIN's, passed over), from the app's development outbox. */
function outboxToken(app: App, email: string, link = VERIFY_LINK, what = 'verification link') {
  const mail = app.mailer.outbox?.find((message) => message.recipient === email && link.test(message.text));
  const token = mail?.text.match(link)?.[1];
  if (!token) throw new Error(`no ${what} was mailed to ${email}`);
  return token;
}

/** Verifies `email` as its owner would: the link mailed to it (the outbox, or `mailbox` over SMTP), posted. */
export async function verifyByMail(app: App, email: string, mailbox?: Mailbox) {
  const token = mailbox ? mailbox.token(email) : outboxToken(app, email);
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
  if (response.statusCode !== 200) throw new Error(`verification failed: ${response.body}`);
}

/** The token of the newest staff invitation mailed to `email`, from the app's development outbox. */
export const staffInviteToken = (app: App, email: string) =>
  outboxToken(app, email, STAFF_INVITE_LINK, 'staff invitation');
