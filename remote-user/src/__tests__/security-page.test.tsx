import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PIN_TEXTS, userSchema, type User } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import {
  apiAnswers,
  fail,
  MAILED_PIN_CODE,
  ok,
  passkeysApi,
  pinApi,
  renderWithProviders,
  session,
  sessionsApi,
  TEST_PIN,
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
const holdText = (until: string) =>
  `Your PIN was reset. Money can leave your wallet again at ${formatDateTime(until)}. Money sent to you still arrives.`;

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

  it('should change the PIN with the current PIN and the new PIN only, asking no password', async () => {
    const me = user();
    const section = await openSecurity(me);
    const api = pinApi(me);
    const change = within(section).getByRole('form', { name: 'Change your PIN' });
    expect(within(change).queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(within(section).queryByText(/password instead/)).not.toBeInTheDocument();
    await userEvent.type(within(change).getByLabelText('Current PIN'), TEST_PIN);
    await userEvent.type(within(change).getByLabelText('New PIN'), '13579');
    await userEvent.click(within(change).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText(PIN_TEXTS.set)).toBeInTheDocument();
    expect(api.sent).toEqual([{ method: 'PUT', body: { pin: '13579', currentPin: TEST_PIN } }]);
    expect(within(change).getByLabelText('Current PIN')).toHaveValue('');
  });

  it("should show a wrong current PIN's refusal in the change form", async () => {
    const me = user();
    const section = await openSecurity(me);
    pinApi(me);
    const change = within(section).getByRole('form', { name: 'Change your PIN' });
    await userEvent.type(within(change).getByLabelText('Current PIN'), '11111');
    await userEvent.type(within(change).getByLabelText('New PIN'), '13579');
    await userEvent.click(within(change).getByRole('button', { name: 'Save PIN' }));
    expect(await within(change).findByRole('alert')).toHaveTextContent(
      'Wrong PIN: 2 more tries before it locks for an hour',
    );
    expect(screen.queryByText(PIN_TEXTS.set)).not.toBeInTheDocument();
  });

  it('should ask for the current PIN before sending a change', async () => {
    const me = user();
    const section = await openSecurity(me);
    const api = pinApi(me);
    const change = within(section).getByRole('form', { name: 'Change your PIN' });
    await userEvent.type(within(change).getByLabelText('New PIN'), '13579');
    await userEvent.click(within(change).getByRole('button', { name: 'Save PIN' }));
    expect(await within(change).findByText('Current PIN must be exactly 5 digits')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
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
    const me = user({ pinSet: false });
    const section = await openSecurity(me);
    pinApi(me);
    await userEvent.type(within(section).getByLabelText('New PIN'), '13579');
    await userEvent.type(within(section).getByLabelText('Your password'), 'nope');
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The password is not correct');
  });

  it('should ask for the password before sending a first PIN', async () => {
    const me = user({ pinSet: false });
    const section = await openSecurity(me);
    const api = pinApi(me);
    await userEvent.type(within(section).getByLabelText('New PIN'), '13579');
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await within(section).findByText('Enter your password to set your PIN')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('should refuse a guessable PIN and send nothing', async () => {
    const section = await openSecurity(user());
    const api = pinApi(user());
    await userEvent.type(within(section).getByLabelText('Current PIN'), TEST_PIN);
    await userEvent.type(within(section).getByLabelText('New PIN'), '12345');
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await within(section).findByText(/New PIN is too easy to guess/)).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('should say until when a locked PIN is locked', async () => {
    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    const section = await openSecurity(user({ pinLockedUntil: until }));
    expect(within(section).getByText(`Your PIN is locked until ${formatDateTime(until)}.`)).toBeInTheDocument();
  });

  it('should say when money can leave the wallet again after a reset, and nothing once that time has passed', async () => {
    const until = new Date(Date.now() + 20 * 3_600_000).toISOString();
    const section = await openSecurity(user({ pinResetHoldUntil: until }));
    expect(within(section).getByText(holdText(until))).toBeInTheDocument();
    act(() => useSession.getState().setUser(user({ pinResetHoldUntil: new Date(Date.now() - 60_000).toISOString() })));
    expect(within(section).queryByText(/Money can leave your wallet again/)).not.toBeInTheDocument();
  });
});

describe('a forgotten PIN', () => {
  /** Presses "Email me a code" and returns the reset form that then appears. */
  async function askForCode(section: HTMLElement) {
    expect(within(section).queryByRole('form', { name: 'Reset your PIN' })).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(PIN_TEXTS.codeSent)).toBeInTheDocument();
    const form = await within(section).findByRole('form', { name: 'Reset your PIN' });
    expect(within(form).getByLabelText('Reset code')).toHaveFocus();
    expect(within(section).getByRole('button', { name: 'Email me a new code' })).toBeInTheDocument();
    return form;
  }

  it('should mail a code, then reset the PIN with the code, a new PIN and the password', async () => {
    const me = user();
    const section = await openSecurity(me);
    const api = pinApi(me);
    expect(within(section).getByRole('heading', { level: 3, name: 'Forgot your PIN?' })).toBeInTheDocument();
    expect(within(section).getByText(/money cannot leave your wallet for 24 hours after a reset/)).toBeInTheDocument();
    const form = await askForCode(section);
    // Bangla digits are read as the digits they are, as in the PIN fields.
    await userEvent.type(within(form).getByLabelText('Reset code'), '৪৮২৯১৩');
    await userEvent.type(within(form).getByLabelText('New PIN'), '13579');
    await userEvent.type(within(form).getByLabelText('Your password'), 'Secret123!');
    await userEvent.click(within(form).getByRole('button', { name: 'Reset PIN' }));
    expect(await screen.findByText(PIN_TEXTS.reset)).toBeInTheDocument();
    expect(api.sent).toEqual([
      { method: 'POST', body: undefined },
      { method: 'PUT', body: { pin: '13579', code: MAILED_PIN_CODE, password: 'Secret123!' } },
    ]);
    // The code is used: the form is gone, and the session's user carries the hold.
    expect(within(section).queryByRole('form', { name: 'Reset your PIN' })).not.toBeInTheDocument();
    const until = useSession.getState().user!.pinResetHoldUntil!;
    expect(within(section).getByText(holdText(until))).toBeInTheDocument();
  });

  it("should show a wrong code's refusal in the reset form", async () => {
    const me = user();
    const section = await openSecurity(me);
    pinApi(me);
    const form = await askForCode(section);
    await userEvent.type(within(form).getByLabelText('Reset code'), '111111');
    await userEvent.type(within(form).getByLabelText('New PIN'), '13579');
    await userEvent.type(within(form).getByLabelText('Your password'), 'Secret123!');
    await userEvent.click(within(form).getByRole('button', { name: 'Reset PIN' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The code is not correct or has expired: ask for a new one',
    );
    expect(useSession.getState().user?.pinResetHoldUntil).toBeNull();
  });

  it('should ask for the 6 digits and the password before sending a reset', async () => {
    const me = user();
    const section = await openSecurity(me);
    const api = pinApi(me);
    const form = await askForCode(section);
    await userEvent.type(within(form).getByLabelText('Reset code'), '123');
    await userEvent.type(within(form).getByLabelText('New PIN'), '13579');
    await userEvent.click(within(form).getByRole('button', { name: 'Reset PIN' }));
    expect(await within(form).findByText('Reset code must be the 6 digits we emailed you')).toBeInTheDocument();
    expect(within(form).getByText('Enter your password to reset your PIN')).toBeInTheDocument();
    expect(api.sent.map(({ method }) => method)).toEqual(['POST']);
  });

  it('should send a person who signs in with Google to Google again first, then reset with the code alone', async () => {
    const me = user({ googleOnly: true });
    const section = await openSecurity(me);
    const api = pinApi(me, { googleAgain: true });
    expect(within(section).getByRole('note')).toHaveTextContent(/To reset your PIN, first sign in with Google again/);
    expect(within(section).getByRole('link', { name: 'Sign in with Google again' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/v1\/auth\/google\?reauth=1$/),
    );
    const form = await askForCode(section);
    expect(within(form).queryByLabelText('Your password')).not.toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Reset code'), MAILED_PIN_CODE);
    await userEvent.type(within(form).getByLabelText('New PIN'), '13579');
    await userEvent.click(within(form).getByRole('button', { name: 'Reset PIN' }));
    expect(await screen.findByText(PIN_TEXTS.reset)).toBeInTheDocument();
    expect(api.sent.at(-1)).toEqual({ method: 'PUT', body: { pin: '13579', code: MAILED_PIN_CODE } });
  });

  it('should show no forgotten-PIN part to a person with no PIN yet', async () => {
    await openSecurity(user({ pinSet: false }));
    expect(screen.queryByRole('button', { name: 'Email me a code' })).not.toBeInTheDocument();
  });
});
