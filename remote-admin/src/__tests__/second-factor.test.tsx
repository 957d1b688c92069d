import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useSession } from '@wallet/shared/session';
import type { User } from '@wallet/shared/contracts';
import { admin, passkey, passkeysApi, RECOVERY_CODES, resetSession, sessionsApi } from '@wallet/shared/testing';
import { renderAdminArea } from '../testing/render-admin-area';

// The browser's WebAuthn (jsdom has none): the device's answers, as the library hands them over.
jest.mock('@simplewebauthn/browser', () => ({
  startAuthentication: jest.fn(async () => ({ id: 'unlocked-on-the-device', type: 'public-key' })),
  startRegistration: jest.fn(async () => ({ id: 'made-by-the-device', type: 'public-key' })),
}));

const OWNER = admin({ name: 'Olivia Owner', staffRoles: ['OWNER'] });
const signedIn = (secondFactor?: User['secondFactor']) =>
  useSession.setState({ user: { ...OWNER, ...(secondFactor ? { secondFactor } : {}) }, status: 'signed-in' });

afterEach(() => {
  resetSession();
  jest.clearAllMocks();
});

describe("a staff member's second factor", () => {
  it('should show no admin screen to a password sign-in, until the passkey completes it', async () => {
    signedIn('passkey');
    const api = passkeysApi([passkey(1)], { staff: {}, signsIn: OWNER });
    sessionsApi([]);
    await renderAdminArea('/admin/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete your sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Passkeys' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(startAuthentication).toHaveBeenCalledTimes(1);
    expect(api.sent).toEqual([{ path: 'login/verify', body: { id: 'unlocked-on-the-device', type: 'public-key' } }]);
    expect(useSession.getState().user?.secondFactor).toBeUndefined();
  });

  it('should take a recovery code once, and say so when it is wrong', async () => {
    signedIn('passkey');
    const api = passkeysApi([passkey(1)], { staff: {}, signsIn: OWNER });
    sessionsApi([]);
    await renderAdminArea('/admin/security');
    const form = await screen.findByRole('form', { name: 'Use recovery code' });
    await userEvent.type(within(form).getByLabelText('Recovery code'), 'zzzz-zzzz-zzzz');
    await userEvent.click(within(form).getByRole('button', { name: 'Use recovery code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This recovery code is not right or was already used');
    await userEvent.clear(within(form).getByLabelText('Recovery code'));
    await userEvent.type(within(form).getByLabelText('Recovery code'), RECOVERY_CODES[2]!);
    await userEvent.click(within(form).getByRole('button', { name: 'Use recovery code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(api.sent.filter((each) => each.path === 'recovery')).toHaveLength(2);
    expect(startAuthentication).not.toHaveBeenCalled();
  });

  it('should add the first passkey with the mailed code, show the recovery codes once, then ask to use it', async () => {
    signedIn('add-passkey');
    const api = passkeysApi([], { staff: { code: '12345678' }, signsIn: OWNER });
    sessionsApi([]);
    await renderAdminArea('/admin/fees');
    expect(await screen.findByText(/Add yours now: we email you a code/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    await userEvent.click(within(form).getByRole('button', { name: 'Email me a code' }));
    await userEvent.type(await within(form).findByLabelText('Code from the email'), '87654321');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This code is not right or has expired');
    expect(startRegistration).not.toHaveBeenCalled();
    await userEvent.clear(within(form).getByLabelText('Code from the email'));
    await userEvent.type(within(form).getByLabelText('Code from the email'), '12345678');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    const listed = within(within(dialog).getByRole('list', { name: 'Your recovery codes' })).getAllByRole('listitem');
    expect(listed.map((item) => item.textContent)).toEqual(RECOVERY_CODES);
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have kept them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Use your passkey' })).toBeInTheDocument();
    expect(api.sent.map((each) => each.path)).toEqual([
      'code',
      'register/options',
      'register/options',
      'register/verify',
    ]);
    expect(api.sent[2]!.body).toEqual({ code: '12345678' });
  });

  it("should add a member's next passkey on the Security page only after one of theirs is used again", async () => {
    signedIn();
    const api = passkeysApi([passkey(1, { name: 'Work laptop' })], { staff: {}, signsIn: OWNER });
    sessionsApi([]);
    await renderAdminArea('/admin/security');
    expect(await screen.findByRole('rowheader', { name: 'Work laptop' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    expect(within(form).queryByLabelText('Your password')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm with a passkey, then add one' }));
    expect(await screen.findByRole('rowheader', { name: 'Chrome on Linux' })).toBeInTheDocument();
    expect(api.sent.map((each) => each.path)).toEqual(['login/verify', 'register/options', 'register/verify']);
    // Not the first: no codes again.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
