import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PIN_TEXTS, userSchema, type User } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import {
  apiAnswers,
  fail,
  ok,
  passkeysApi,
  renderWithProviders,
  session,
  sessionsApi,
  user,
} from '@wallet/shared/testing';
import { useSession } from '@wallet/shared/session';
import { i18n } from '@wallet/shared/i18n';
import { menu } from '../menu';
import { routes } from '../routes';
import { useRoutes } from '@wallet/shared/router';

function UserArea() {
  return useRoutes(routes);
}

async function openSecurity(me: User) {
  useSession.setState({ user: me, status: 'signed-in' });
  // The page's other sections: this device's session, no passkey yet.
  sessionsApi([session(1, { current: true })]);
  passkeysApi();
  await renderWithProviders(<UserArea />, { route: '/security' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
  return screen.getByRole('region', { name: 'Wallet PIN' });
}

const saved = (me: User) => ok(userSchema, { ...me, pinSet: true }, { message: PIN_TEXTS.set });

describe('security page', () => {
  it('should show the PIN, the passkeys and where one is signed in, in that order', async () => {
    await openSecurity(user());
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Wallet PIN',
      'Passkeys',
      'Where you are signed in',
    ]);
    expect(await screen.findByText('This device')).toBeInTheDocument();
  });

  it('should be in the menu, after Limits', () => {
    // Titles are message ids of the area's catalog, which the host shows in the page's language.
    const items = menu.flatMap((group) => group.items).map(({ title, url }) => [i18n._(title), url]);
    expect(items.at(-1)).toEqual(['Security', '/user/security']);
  });

  it('should set a first PIN with the password', async () => {
    const me = user({ pinSet: false });
    const section = await openSecurity(me);
    expect(within(section).getByText(/You have no PIN yet/)).toBeInTheDocument();
    expect(within(section).getByText(PIN_TEXTS.never)).toBeInTheDocument();
    expect(within(section).queryByLabelText('Current PIN')).not.toBeInTheDocument();
    const sent = apiAnswers('put', '/user/pin', [saved(me)]);
    await userEvent.type(within(section).getByLabelText('New PIN'), '24680');
    await userEvent.type(within(section).getByLabelText('Your password'), 'Secret123!');
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText(PIN_TEXTS.set)).toBeInTheDocument();
    expect(sent).toEqual([{ body: { pin: '24680', password: 'Secret123!' }, idempotencyKey: null }]);
    expect(await within(section).findByText('Your PIN is set.')).toBeInTheDocument();
  });

  it('should change the PIN with the current PIN, ignoring a password typed too', async () => {
    const me = user();
    const section = await openSecurity(me);
    const sent = apiAnswers('put', '/user/pin', [saved(me)]);
    await userEvent.type(within(section).getByLabelText('New PIN'), '13579');
    await userEvent.type(within(section).getByLabelText('Current PIN'), '24680');
    await userEvent.type(within(section).getByLabelText('Your password'), 'Secret123!');
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText(PIN_TEXTS.set)).toBeInTheDocument();
    expect(sent).toEqual([{ body: { pin: '13579', currentPin: '24680' }, idempotencyKey: null }]);
  });

  it('should send a person who signs in with Google to Google again, then set the PIN with nothing more', async () => {
    const me = user({ pinSet: false, googleOnly: true });
    const section = await openSecurity(me);
    expect(within(section).queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Sign in with Google again' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/v1\/auth\/google\?reauth=1$/),
    );
    const sent = apiAnswers('put', '/user/pin', [
      fail(
        403,
        'Sign in with Google again to set your PIN: it must be within 5 minutes of signing in',
        undefined,
        'GOOGLE_SIGN_IN_NEEDED',
      ),
      saved(me),
    ]);
    await userEvent.type(within(section).getByLabelText('New PIN'), '24680');
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(/Sign in with Google again to set your PIN/);
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText(PIN_TEXTS.set)).toBeInTheDocument();
    expect(sent.map((request) => request.body)).toEqual([{ pin: '24680' }, { pin: '24680' }]);
  });

  it("should show the server's refusal in the form", async () => {
    const section = await openSecurity(user());
    apiAnswers('put', '/user/pin', [fail(403, 'The password is not correct', undefined, 'PASSWORD_WRONG')]);
    await userEvent.type(within(section).getByLabelText('New PIN'), '13579');
    await userEvent.type(within(section).getByLabelText('Your password'), 'nope');
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The password is not correct');
  });

  it('should refuse a guessable PIN and send nothing', async () => {
    const section = await openSecurity(user());
    const sent = apiAnswers('put', '/user/pin', [saved(user())]);
    await userEvent.type(within(section).getByLabelText('New PIN'), '12345');
    await userEvent.type(within(section).getByLabelText('Your password'), 'Secret123!');
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await within(section).findByText(/New PIN is too easy to guess/)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('should say until when a locked PIN is locked', async () => {
    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    const section = await openSecurity(user({ pinLockedUntil: until }));
    expect(within(section).getByText(`Your PIN is locked until ${formatDateTime(until)}.`)).toBeInTheDocument();
  });
});
