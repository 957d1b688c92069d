import { expect, type APIRequestContext } from '@playwright/test';

/** A mail in the site's development outbox (`pnpm start`: the embedded database, no SMTP_URL). */
interface OutboxMail {
  recipient: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

const VERIFY_EMAIL_LINK = /\/verify-email\?token=/;
const STAFF_INVITE_LINK = /\/staff-invite\?token=/;

/** What `pick` finds in the newest mail to `email` that has it (GET /dev/mail.json, newest first), once it is there. */
async function fromNewestMail(
  request: APIRequestContext,
  email: string,
  pick: (mail: OutboxMail) => string | undefined,
  what: string,
) {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mail.json');
        expect(response.status(), 'GET /dev/mail.json').toBe(200);
        const mails = (await response.json()) as OutboxMail[];
        found = mails
          .filter((candidate) => candidate.recipient.toLowerCase() === email.toLowerCase())
          .map(pick)
          .find((value) => value !== undefined);
        return found;
      },
      { message: `${what} to ${email}` },
    )
    .toBeTruthy();
  return found!;
}

/** The link matching `pattern` in the newest mail to `email` that has one. */
const linkTo = (request: APIRequestContext, email: string, pattern: RegExp, what: string) =>
  fromNewestMail(request, email, (mail) => mail.links.find((candidate) => pattern.test(candidate)), what);

/** The link of the newest verification mail to `email`. */
export const verificationLinkTo = (request: APIRequestContext, email: string) =>
  linkTo(request, email, VERIFY_EMAIL_LINK, 'a verification mail');

/** The link of the newest staff invitation mailed to `email`. */
export const staffInviteLinkTo = (request: APIRequestContext, email: string) =>
  linkTo(request, email, STAFF_INVITE_LINK, 'a staff invitation');

/** Verifies `email` as its owner would: the token of the newest link mailed to it, posted once. */
export async function verifyEmailOf(request: APIRequestContext, email: string) {
  const token = new URL(await verificationLinkTo(request, email)).searchParams.get('token');
  const response = await request.post('/api/v1/auth/verify-email', { data: { token } });
  expect(response.status(), `POST /auth/verify-email for ${email}`).toBe(200);
}

/** The code in the newest "reset your wallet PIN" mail to `email`, once it is there. */
export const pinResetCodeTo = (request: APIRequestContext, email: string) =>
  fromNewestMail(
    request,
    email,
    (mail) =>
      mail.subject === 'Your code to reset your wallet PIN'
        ? mail.text.match(/reset your wallet PIN is (\d{6})\./)?.[1]
        : undefined,
    'a PIN reset code',
  );
