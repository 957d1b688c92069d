import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@wallet/shared/dates';
import { releasesApi, renderWithProviders } from '@wallet/shared/testing';
import ReleasesPage from '../pages/releases-page';

const tokensTable = () => screen.findByRole('table', { name: 'Deploy tokens' });
const tokenRow = async (name: string) =>
  (await within(await tokensTable()).findByRole('rowheader', { name })).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const form = () => screen.findByRole('form', { name: 'Create token' });

/** Fills the form with `name` and the areas ticked by their labels. */
async function fillToken(name: string, areas: string[], user: Pick<typeof userEvent, 'type' | 'click'> = userEvent) {
  const fields = within(await form());
  await user.type(fields.getByRole('textbox', { name: 'Name' }), name);
  for (const area of areas) await user.click(fields.getByRole('checkbox', { name: area }));
}

describe('releases page: deploy tokens', () => {
  it('should list every token with its areas, expiry, last use, creator and status, Revoke only where it applies', async () => {
    releasesApi();
    await renderWithProviders(<ReleasesPage />);
    const table = within(await tokensTable());
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Areas',
      'Expires',
      'Last used',
      'Created by',
      'Status',
      'Actions',
    ]);
    expect(cellsOf(await tokenRow('startup'))).toEqual([
      'Host, Public, User, Agent, Admin, Merchant',
      'Until the next start',
      formatDateTime('2025-04-02T09:00:00.000Z'),
      'the site at start',
      'Active',
      '',
    ]);
    expect(cellsOf(await tokenRow('ci'))).toEqual([
      'Host, Public, User, Agent, Admin, Merchant',
      formatDateTime('2099-01-01T00:00:00.000Z'),
      formatDateTime('2025-04-03T09:00:00.000Z'),
      'admin@example.com',
      'Active',
      'Revoke',
    ]);
    expect(cellsOf(await tokenRow('nightly'))).toEqual([
      'Host',
      formatDateTime('2025-03-31T00:00:00.000Z'),
      'Never',
      'nadia@example.com',
      'Expired',
      'Revoke',
    ]);
    expect(cellsOf(await tokenRow('laptop')).slice(-2)).toEqual(['Revoked', '']);
    expect(table.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Revoke the token ci',
      'Revoke the token nightly',
    ]);
  });

  it('should create a token and show its secret once, with a copy button and a warning, then list it', async () => {
    // A user-event session puts a clipboard of its own in the page.
    const user = userEvent.setup();
    const copied = jest.spyOn(navigator.clipboard, 'writeText');
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    const fields = within(await form());
    expect(fields.getByRole('group', { name: 'Areas' })).toBeInTheDocument();
    expect(fields.getAllByRole('checkbox')).toHaveLength(6);
    for (const area of ['Host', 'Public', 'User', 'Agent', 'Admin', 'Merchant'])
      expect(fields.getByRole('checkbox', { name: area })).not.toBeChecked();
    expect(fields.getByRole('textbox', { name: 'Expires in days' })).toHaveValue('90');
    await fillToken('release-bot', ['Admin', 'User'], user);
    await user.click(fields.getByRole('button', { name: 'Create token' }));

    const secret = await screen.findByRole('dialog', { name: 'Deploy token release-bot created' });
    expect(within(secret).getByText(/Copy the token now: it is not shown again/)).toBeVisible();
    expect(within(secret).getByRole('textbox', { name: 'Token' })).toHaveValue('wdt_secret-of-release-bot');
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Token copied')).toBeInTheDocument();
    expect(copied).toHaveBeenCalledWith('wdt_secret-of-release-bot');
    expect(api.writes).toEqual([
      {
        method: 'POST',
        path: '/releases/tokens',
        body: { name: 'release-bot', areas: ['user', 'admin'], expiresInDays: 90 },
      },
    ]);

    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(secret).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('wdt_secret-of-release-bot')).not.toBeInTheDocument();
    expect(screen.queryByText('wdt_secret-of-release-bot')).not.toBeInTheDocument();
    const created = api.tokens.find((token) => token.name === 'release-bot')!;
    expect(cellsOf(await tokenRow('release-bot'))).toEqual([
      'User, Admin',
      formatDateTime(created.expiresAt!),
      'Never',
      'admin@example.com',
      'Active',
      'Revoke',
    ]);
    // The form starts again: a second token is a new one.
    expect(fields.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(fields.getByRole('checkbox', { name: 'Admin' })).not.toBeChecked();
  });

  it('should say what is wrong with the form before sending anything', async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    const fields = within(await form());
    const days = fields.getByRole('textbox', { name: 'Expires in days' });
    await userEvent.clear(days);
    await userEvent.type(days, '400');
    await userEvent.click(fields.getByRole('button', { name: 'Create token' }));
    expect(
      await fields.findByText('Name must be 1 to 40 lower-case letters, digits, dots, dashes or underscores'),
    ).toBeVisible();
    expect(fields.getByText('Areas must name at least one area')).toBeVisible();
    expect(fields.getByText('Expires in days must be at most 365 days')).toBeVisible();
    expect(fields.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes).toEqual([]);
  });

  it("should show the server's 409 for a name in use, on the name too, and no secret", async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    await fillToken('ci', ['Host']);
    await userEvent.click(within(await form()).getByRole('button', { name: 'Create token' }));
    const message = 'A token of that name is in use: revoke it first or choose another name';
    expect(await within(await form()).findByText(message)).toBeVisible();
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.tokens.filter((token) => token.name === 'ci')).toHaveLength(1);
  });

  it('should revoke a token once confirmed, and nothing on Cancel', async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(within(await tokenRow('nightly')).getByRole('button', { name: 'Revoke the token nightly' }));
    const cancel = await screen.findByRole('dialog', { name: 'Revoke the deploy token nightly?' });
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(cancel);
    expect(api.writes).toEqual([]);

    await userEvent.click(within(await tokenRow('ci')).getByRole('button', { name: 'Revoke the token ci' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the deploy token ci?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deploy token revoked')).toBeInTheDocument();
    expect(api.writes).toEqual([{ method: 'DELETE', path: `/releases/tokens/${api.tokens[1]!._id}` }]);
    const ci = await tokenRow('ci');
    expect(await within(ci).findByText('Revoked')).toBeInTheDocument();
    expect(within(ci).queryByRole('button')).not.toBeInTheDocument();
  });

  it("should show the server's 409 when the token was revoked meanwhile, then the list as it now is", async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(within(await tokenRow('ci')).getByRole('button', { name: 'Revoke the token ci' }));
    api.tokens = api.tokens.map((token) => (token.name === 'ci' ? { ...token, revokedAt: api.now } : token));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke the deploy token ci?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('This token is already revoked')).toBeInTheDocument();
    expect(await within(await tokenRow('ci')).findByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByText('Deploy token revoked')).not.toBeInTheDocument();
  });
});
