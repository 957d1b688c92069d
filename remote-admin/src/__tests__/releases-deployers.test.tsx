import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiAnswers, fail, releasesApi, renderWithProviders } from '@wallet/shared/testing';
import ReleasesPage from '../pages/releases-page';

const deployersTable = () => screen.findByRole('table', { name: 'Deployers' });
const adminRow = async (name: string) =>
  (await within(await deployersTable()).findByRole('rowheader', { name })).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** Clicks the row's button, then Confirm in the dialog it opens. */
async function confirmChange(button: string, question: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: question })).getByRole('button', { name: 'Confirm' }),
  );
}

describe('releases page: deployers', () => {
  it('should list every admin with whether they deploy, the signed-in admin unable to change their own', async () => {
    releasesApi();
    await renderWithProviders(<ReleasesPage />);
    const table = within(await deployersTable());
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Email',
      'Status',
      'Actions',
    ]);
    const self = await adminRow('Admin (you)');
    expect(cellsOf(self)).toEqual(['admin@example.com', 'Deploys', 'Revoke']);
    expect(within(self).getByRole('button', { name: 'Revoke deploy permission of Admin' })).toBeDisabled();
    expect(cellsOf(await adminRow('Karim'))).toEqual(['karim@example.com', 'Does not deploy', 'Grant']);
    expect(screen.getByRole('button', { name: 'Grant deploy permission to Karim' })).toBeEnabled();
    expect(cellsOf(await adminRow('Nadia'))).toEqual(['nadia@example.com', 'Deploys', 'Revoke']);
    expect(screen.getByRole('button', { name: 'Revoke deploy permission of Nadia' })).toBeEnabled();
  });

  it('should grant deploy permission once confirmed', async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    await confirmChange('Grant deploy permission to Karim', 'Grant deploy permission to Karim?');
    expect(await screen.findByText('Deploy permission granted')).toBeInTheDocument();
    const karim = await adminRow('Karim');
    expect(await within(karim).findByText('Deploys')).toBeInTheDocument();
    expect(within(karim).getByRole('button', { name: 'Revoke deploy permission of Karim' })).toBeEnabled();
    expect(api.writes).toEqual([
      { method: 'PATCH', path: `/releases/deployers/${api.deployers[1]!._id}`, body: { deployer: true } },
    ]);
  });

  it('should revoke deploy permission once confirmed, and change nothing on Cancel', async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke deploy permission of Nadia' }));
    const cancel = await screen.findByRole('dialog', { name: 'Revoke deploy permission of Nadia?' });
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(cancel);
    expect(api.writes).toEqual([]);

    await confirmChange('Revoke deploy permission of Nadia', 'Revoke deploy permission of Nadia?');
    expect(await screen.findByText('Deploy permission revoked')).toBeInTheDocument();
    expect(await within(await adminRow('Nadia')).findByText('Does not deploy')).toBeInTheDocument();
    expect(api.writes).toEqual([
      { method: 'PATCH', path: `/releases/deployers/${api.deployers[2]!._id}`, body: { deployer: false } },
    ]);
  });

  it("should show the server's 409 when another admin changed it first, then the list as it now is", async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke deploy permission of Nadia' }));
    api.deployers = api.deployers.map((row) => (row.name === 'Nadia' ? { ...row, deployer: false } : row));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke deploy permission of Nadia?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('This admin does not deploy')).toBeInTheDocument();
    expect(await within(await adminRow('Nadia')).findByText('Does not deploy')).toBeInTheDocument();
    expect(screen.queryByText('Deploy permission revoked')).not.toBeInTheDocument();
  });

  it("should show the server's message when the change fails, the list unchanged", async () => {
    const api = releasesApi();
    api.refuse = { status: 429, message: 'Too many requests. Please try again later.' };
    await renderWithProviders(<ReleasesPage />);
    await confirmChange('Grant deploy permission to Karim', 'Grant deploy permission to Karim?');
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument();
    expect(cellsOf(await adminRow('Karim'))).toEqual(['karim@example.com', 'Does not deploy', 'Grant']);
    expect(screen.queryByText('Deploy permission granted')).not.toBeInTheDocument();
  });

  it("should show the server's message when the admins cannot be loaded", async () => {
    releasesApi();
    apiAnswers('get', '/releases/deployers', [fail(403, 'You are not allowed to do this')]);
    await renderWithProviders(<ReleasesPage />);
    expect(await within(await deployersTable()).findByText('You are not allowed to do this')).toBeInTheDocument();
  });
});
