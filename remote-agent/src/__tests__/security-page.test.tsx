import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PIN_TEXTS, userSchema } from '@wallet/shared/contracts';
import { useRoutes } from '@wallet/shared/router';
import { useSession } from '@wallet/shared/session';
import { agent, apiAnswers, fail, ok, renderWithProviders } from '@wallet/shared/testing';
import { routes } from '../routes';

function AgentArea() {
  return useRoutes(routes);
}

async function openSecurity(pinSet = true) {
  const me = agent({ pinSet });
  useSession.setState({ user: me, status: 'signed-in' });
  await renderWithProviders(<AgentArea />, { route: '/security' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
  const sent = apiAnswers('put', '/user/pin', [ok(userSchema, { ...me, pinSet: true }, { message: PIN_TEXTS.set })]);
  return { section: screen.getByRole('region', { name: 'Wallet PIN' }), sent };
}

describe('agent security page', () => {
  it('should set the PIN with the password', async () => {
    const { section, sent } = await openSecurity(false);
    await userEvent.type(within(section).getByLabelText('New PIN'), '24680');
    await userEvent.type(within(section).getByLabelText('Your password'), 'Secret123!');
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText(PIN_TEXTS.set)).toBeInTheDocument();
    expect(sent).toEqual([{ body: { pin: '24680', password: 'Secret123!' }, idempotencyKey: null }]);
  });

  it('should change the PIN with the current PIN, asking no password', async () => {
    const { section, sent } = await openSecurity();
    expect(within(section).queryByLabelText('Your password')).not.toBeInTheDocument();
    await userEvent.type(within(section).getByLabelText('New PIN'), '13579');
    await userEvent.type(within(section).getByLabelText('Current PIN'), '24680');
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText(PIN_TEXTS.set)).toBeInTheDocument();
    expect(sent).toEqual([{ body: { pin: '13579', currentPin: '24680' }, idempotencyKey: null }]);
  });

  it("should show a wrong current PIN's refusal in the form", async () => {
    const { section } = await openSecurity();
    const wrong = 'Wrong PIN: 2 more tries before it locks for an hour';
    apiAnswers('put', '/user/pin', [fail(403, wrong, undefined, 'PIN_WRONG')]);
    await userEvent.type(within(section).getByLabelText('New PIN'), '13579');
    await userEvent.type(within(section).getByLabelText('Current PIN'), '11111');
    await userEvent.click(within(section).getByRole('button', { name: 'Save PIN' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(wrong);
    expect(useSession.getState().status).toBe('signed-in');
  });
});
