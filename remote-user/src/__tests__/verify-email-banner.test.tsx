import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from '@wallet/shared/router';
import { useSessionLoader } from '@wallet/shared/api';
import { useSession } from '@wallet/shared/session';
import { userSchema } from '@wallet/shared/contracts';
import {
  apiAnswers,
  fail,
  linkResent,
  ok,
  overview,
  overviewAnswer,
  renderWithProviders,
  resendVerificationAnswers,
  unverifiedUser,
  user,
  verificationRefused,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { routes } from '../routes';

const BANNER_TEXT = 'Verify your email to send money and cash out. Open the link we sent to rahim@example.com.';
const TOO_OFTEN = 'You asked for new links too often. Please try again in 12 minutes.';

/** The user area as the host mounts it, with the host's session loader (GET /user/me). */
function UserArea() {
  useSessionLoader();
  return useRoutes(routes);
}

async function openUserArea(me: ReturnType<typeof user>, route = '/overview') {
  apiAnswers('get', '/user/me', [ok(userSchema, me, { message: 'User retrieved' })]);
  overviewAnswer(overview(50));
  createMoneyApi(me).walletAnswers(50);
  await renderWithProviders(<UserArea />, { route });
}

const banner = () => screen.findByRole('status', { name: 'Email verification' });
const resend = async () => userEvent.click(within(await banner()).getByRole('button', { name: 'Resend the link' }));

describe('email verification banner', () => {
  it.each(['/overview', '/deposit'])(
    'should stand above the page at %s while the email is unverified',
    async (route) => {
      await openUserArea(unverifiedUser(), route);
      expect(await banner()).toHaveTextContent(BANNER_TEXT);
      const heading = await screen.findByRole('heading', { level: 1 });
      expect((await banner()).compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    },
  );

  it('should not show for a verified person', async () => {
    await openUserArea(user());
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    await waitFor(() => expect(useSession.getState().status).toBe('signed-in'));
    expect(screen.queryByText(/Verify your email/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend the link' })).not.toBeInTheDocument();
  });

  it("should post Resend the link and toast the server's message", async () => {
    const sent = resendVerificationAnswers(linkResent());
    await openUserArea(unverifiedUser());
    await resend();
    expect(await screen.findByText('We sent a new link to your email')).toBeInTheDocument();
    expect(sent).toEqual([{ body: undefined, idempotencyKey: null }]);
  });

  it("should show the server's message when links were asked for too often", async () => {
    resendVerificationAnswers(fail(429, TOO_OFTEN));
    await openUserArea(unverifiedUser());
    await resend();
    expect(await within(await banner()).findByRole('alert')).toHaveTextContent(TOO_OFTEN);
    expect(screen.queryByText('We sent a new link to your email')).not.toBeInTheDocument();
  });

  it('should go away when the server says the email is already verified', async () => {
    resendVerificationAnswers(verificationRefused('ALREADY_VERIFIED'));
    apiAnswers('get', '/user/me', [ok(userSchema, unverifiedUser()), ok(userSchema, user())]);
    overviewAnswer(overview(50));
    await renderWithProviders(<UserArea />, { route: '/overview' });
    await resend();
    expect(await screen.findByText('Your email is already verified')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Email verification' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
  });
});
