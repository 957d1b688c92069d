import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from '@wallet/shared/router';
import { useSession } from '@wallet/shared/session';
import { VERIFICATION_ERRORS, type VerificationErrorCode } from '@wallet/shared/contracts';
import {
  declineSignupAnswers,
  emailVerified,
  held,
  linkAccount,
  linkAccountAnswers,
  signupDeclined,
  renderWithProviders,
  unverifiedUser,
  verificationRefused,
  verifyEmailAnswers,
} from '@wallet/shared/testing';
import { routes } from '../routes';

function PublicArea() {
  return useRoutes(routes);
}

const openLink = (query = '?token=mailed-token') =>
  renderWithProviders(<PublicArea />, { route: `/verify-email${query}` });
/** The result's live region (the test's location probe is an <output>, a status too). */
const verified = async () => (await screen.findByText('Your email is verified')).closest('[role="status"]');
const confirm = async () => userEvent.click(await screen.findByRole('button', { name: 'Confirm my email' }));

describe('verify email page', () => {
  beforeEach(() => {
    useSession.getState().signOut();
    linkAccountAnswers(linkAccount());
  });

  it("should name the link's account by its address and sign-up day, and close it for an owner who did not sign up", async () => {
    const asked = linkAccountAnswers(linkAccount('ann@example.com', '2025-03-04T10:00:00.000Z'));
    const declined = declineSignupAnswers(signupDeclined());
    const verifications = verifyEmailAnswers(emailVerified());
    await openLink();
    expect(
      await screen.findByText('This link is for the account signed up with ann@example.com on 4 Mar 2025.'),
    ).toBeInTheDocument();
    expect(asked).toEqual([{ body: { token: 'mailed-token' }, idempotencyKey: null }]);
    // Asked twice: the first click only warns.
    await userEvent.click(screen.getByRole('button', { name: 'I did not sign up' }));
    expect(screen.getByText(/We will close the account signed up with your address/)).toBeInTheDocument();
    expect(declined).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Close the account' }));
    const done = (await screen.findByText(/We closed the account/)).closest('[role="status"]');
    expect(done).toHaveFocus();
    expect(declined).toEqual([{ body: { token: 'mailed-token' }, idempotencyKey: null }]);
    expect(verifications).toEqual([]);
  });

  it('should show a used or expired link at once, with no buttons', async () => {
    linkAccountAnswers(verificationRefused('LINK_USED'));
    await openLink();
    expect(await screen.findByText(VERIFICATION_ERRORS.LINK_USED.message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm my email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I did not sign up' })).not.toBeInTheDocument();
  });

  it('should ask to confirm and post nothing on load, so a mail scanner cannot use the link up', async () => {
    const sent = verifyEmailAnswers(emailVerified());
    await openLink();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Confirm my email' })).toBeEnabled();
    expect(sent).toEqual([]);
  });

  it.each([
    ['no token', ''],
    ['an empty token', '?token='],
    ['a token longer than any link carries', `?token=${'x'.repeat(201)}`],
  ])('should say the link is not valid, without a button, for %s', async (_case, query) => {
    const sent = verifyEmailAnswers(emailVerified());
    await openLink(query);
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFICATION_ERRORS.LINK_INVALID.message);
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm my email' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('should post the token on "Confirm my email", say "Your email is verified" and link to Login', async () => {
    const sent = verifyEmailAnswers(emailVerified());
    await openLink();
    await confirm();
    const result = await verified();
    expect(result).toHaveTextContent('Your email is verified');
    expect(result).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Confirm my email' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ body: { token: 'mailed-token' }, idempotencyKey: null }]);
  });

  it('should link a signed-in person to their dashboard once verified', async () => {
    useSession.getState().setUser(unverifiedUser());
    verifyEmailAnswers(emailVerified());
    await openLink();
    await confirm();
    expect(await verified()).toHaveTextContent('Your email is verified');
    expect(screen.getByRole('link', { name: 'User-Dashboard' })).toHaveAttribute('href', '/user/overview');
  });

  it.each<VerificationErrorCode>(['LINK_INVALID', 'LINK_USED', 'LINK_EXPIRED'])(
    "should show the server's message when it refuses the link with %s",
    async (code) => {
      verifyEmailAnswers(verificationRefused(code));
      await openLink();
      await confirm();
      expect(await screen.findByRole('alert')).toHaveTextContent(VERIFICATION_ERRORS[code].message);
      expect(screen.queryByText('Your email is verified')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    },
  );

  it('should show "Processing..." on a disabled button while the link is checked', async () => {
    const answer = held();
    verifyEmailAnswers(emailVerified(), { hold: answer.promise });
    await openLink();
    await confirm();
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => answer.release());
    expect(await verified()).toHaveTextContent('Your email is verified');
  });
});
