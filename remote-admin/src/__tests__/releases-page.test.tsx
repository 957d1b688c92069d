import { act, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_NAMES } from '@wallet/shared/areas';
import { formatDateTime } from '@wallet/shared/dates';
import {
  apiAnswers,
  areaReleases,
  fail,
  held,
  release,
  releasesApi,
  renderWithProviders,
} from '@wallet/shared/testing';
import ReleasesPage from '../pages/releases-page';

const section = (name: string) => screen.findByRole('region', { name });
const rowOf = async (area: string, version: string) =>
  within(within(await section(area)).getByRole('table', { name: `${area} releases` }))
    .getByRole('cell', { name: version })
    .closest('tr') as HTMLElement;
const dialog = (name: string) => screen.findByRole('dialog', { name });

/** Admin's releases 1.0.1 to 1.0.3 with `live` live; every other area as the kit has it. */
const withAdminLive = (live: number | null) =>
  releasesApi({ areas: APP_NAMES.map((area) => areaReleases(area, area === 'admin' ? { live } : {})) });

describe('releases page', () => {
  it('should show where each release comes from and its hash, shortened, whole for a screen reader', async () => {
    const cdn = release('admin', 3, {
      origin: 'https://cdn.example.com',
      manifestUrl: 'https://cdn.example.com/a/mf.json',
    });
    const old = release('admin', 1, { integrity: null });
    const admin = areaReleases('admin');
    releasesApi({
      areas: APP_NAMES.map((area) =>
        area === 'admin' ? { ...admin, live: cdn, releases: [cdn, admin.releases[1]!, old] } : areaReleases(area),
      ),
    });
    await renderWithProviders(<ReleasesPage />);
    const table = within(await section('Admin')).getByRole('table', { name: 'Admin releases' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Version',
      'Published',
      'By',
      'Origin',
      'Hash',
      'Page views',
      'Networks',
      'Errors per 1,000 views',
      'Actions',
    ]);
    expect(within(await rowOf('Admin', '1.0.3')).getByRole('cell', { name: 'https://cdn.example.com' })).toBeVisible();
    const self = await rowOf('Admin', '1.0.2');
    const integrity = admin.releases[1]!.integrity!;
    expect(within(self).getByRole('cell', { name: 'This site' })).toBeVisible();
    const hash = within(self).getByRole('cell', { name: integrity });
    expect(hash).toHaveTextContent(`${integrity.slice('sha256-'.length, 'sha256-'.length + 16)}…`);
    expect(within(hash).getByTitle(integrity)).toBeVisible();
    expect(within(await rowOf('Admin', '1.0.1')).getByRole('cell', { name: 'Not recorded' })).toBeVisible();
  });

  it('should show an admin who does not deploy every release read only: no switch, no token to create or revoke', async () => {
    releasesApi({ deployer: false });
    await renderWithProviders(<ReleasesPage />);
    expect(
      await screen.findByText('Read only: only a deployer can switch releases and manage deploy tokens.'),
    ).toBeVisible();
    const admin = within(await section('Admin'));
    expect(admin.getByText('Live release: 1.0.3')).toBeInTheDocument();
    expect(within(await rowOf('Admin', '1.0.3')).getByText('Live')).toBeInTheDocument();
    expect(admin.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(admin.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make live|Roll back/ })).not.toBeInTheDocument();
    const tokens = within(await section('Deploy tokens'));
    expect(await tokens.findByRole('rowheader', { name: 'ci' })).toBeInTheDocument();
    expect(tokens.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create token' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    // Granting is every admin's: a second person lets someone deploy.
    expect(
      await within(await section('Deployers')).findByRole('button', { name: 'Grant deploy permission to Karim' }),
    ).toBeEnabled();
  });

  it('should lay the page out under one h1: an h2 for each area, the tokens and the deployers', async () => {
    releasesApi();
    await renderWithProviders(<ReleasesPage />);
    await within(await section('Deployers')).findByRole('rowheader', { name: 'Karim' });
    const outline = screen
      .getAllByRole('heading')
      .map((heading) => `${heading.tagName} ${heading.textContent}`)
      .filter((line) => !line.endsWith('Last switches'));
    expect(outline).toEqual([
      'H1 Releases',
      'H2 Host',
      'H2 Public',
      'H2 User',
      'H2 Agent',
      'H2 Admin',
      'H2 Merchant',
      'H2 Deploy tokens',
      'H3 Create token',
      'H2 Deployers',
    ]);
    expect(screen.queryByText(/Read only/)).not.toBeInTheDocument();
  });

  it('should show the 403 of an admin whose deploy permission was revoked meanwhile, then the page read only', async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(within(await rowOf('Admin', '1.0.1')).getByRole('button', { name: 'Roll back' }));
    api.deployers = api.deployers.map((row) => (row._id === api.me._id ? { ...row, deployer: false } : row));
    await userEvent.click(within(await dialog('Switch admin to 1.0.1?')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Only a deployer may publish or switch releases')).toBeInTheDocument();
    expect(await screen.findByText(/^Read only/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Make live|Roll back/ })).not.toBeInTheDocument();
    expect(within(await section('Admin')).getByText('Live release: 1.0.3')).toBeInTheDocument();
  });

  it('should show "Loading..." and then every area with its live release, since when and by whom', async () => {
    const api = releasesApi();
    const hold = held();
    api.hold = hold.promise;
    await renderWithProviders(<ReleasesPage />);
    expect(screen.getByRole('heading', { name: 'Releases' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => hold.release());
    for (const area of ['Host', 'Public', 'User', 'Agent', 'Admin', 'Merchant']) {
      const card = within(await section(area));
      expect(card.getByRole('heading', { name: area })).toBeInTheDocument();
      expect(card.getByText('Live release: 1.0.3')).toBeInTheDocument();
      expect(card.getByText(`Live since ${formatDateTime('2025-04-03T09:00:00.000Z')} by token ci`)).toBeVisible();
    }
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('should mark the live release, offer "Roll back" to an older one and "Make live" to a newer one', async () => {
    withAdminLive(2);
    await renderWithProviders(<ReleasesPage />);
    const newer = await rowOf('Admin', '1.0.3');
    expect(within(newer).getByRole('button', { name: 'Make live' })).toBeEnabled();
    expect(within(newer).getByText(formatDateTime('2025-04-03T09:00:00.000Z'))).toBeInTheDocument();
    expect(within(newer).getByText('token ci')).toBeInTheDocument();
    const live = await rowOf('Admin', '1.0.2');
    expect(within(live).getByText('Live')).toBeInTheDocument();
    expect(within(live).queryByRole('button')).not.toBeInTheDocument();
    expect(within(await rowOf('Admin', '1.0.1')).getByRole('button', { name: 'Roll back' })).toBeEnabled();
  });

  it('should say "No live release" for an area without one, every release offered as "Make live"', async () => {
    withAdminLive(null);
    await renderWithProviders(<ReleasesPage />);
    const admin = within(await section('Admin'));
    expect(admin.getByText('No live release')).toBeInTheDocument();
    expect(admin.getAllByRole('button', { name: 'Make live' })).toHaveLength(3);
    expect(admin.getByText('No switches yet.')).toBeInTheDocument();
  });

  it('should roll back once confirmed: "Processing..." while it runs, then the toast, the new live release and the switch', async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(within(await rowOf('Admin', '1.0.1')).getByRole('button', { name: 'Roll back' }));
    const confirm = await dialog('Switch admin to 1.0.1?');
    const hold = held();
    api.hold = hold.promise;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(await rowOf('Admin', '1.0.1')).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => hold.release());
    expect(await screen.findByText('Admin is now on 1.0.1')).toBeInTheDocument();
    const admin = within(await section('Admin'));
    expect(admin.getByText('Live release: 1.0.1')).toBeInTheDocument();
    expect(admin.getByText(`Live since ${formatDateTime(api.now)} by admin@example.com`)).toBeInTheDocument();
    expect(within(await rowOf('Admin', '1.0.1')).getByText('Live')).toBeInTheDocument();
    expect(within(await rowOf('Admin', '1.0.3')).getByRole('button', { name: 'Make live' })).toBeEnabled();
    expect(
      admin.getByText(`Switched: 1.0.3 → 1.0.1 by admin@example.com at ${formatDateTime(api.now)}`),
    ).toBeInTheDocument();
    expect(within(await section('User')).getByText('Live release: 1.0.3')).toBeInTheDocument();
    expect(api.posts).toEqual([{ area: 'admin', body: { version: '1.0.1' } }]);
  });

  it('should make a newer release live, the switch from no release written "none"', async () => {
    const api = withAdminLive(null);
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(within(await rowOf('Admin', '1.0.2')).getByRole('button', { name: 'Make live' }));
    await userEvent.click(within(await dialog('Switch admin to 1.0.2?')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Admin is now on 1.0.2')).toBeInTheDocument();
    expect(
      await within(await section('Admin')).findByText(
        `Switched: none → 1.0.2 by admin@example.com at ${formatDateTime(api.now)}`,
      ),
    ).toBeInTheDocument();
  });

  it('should switch nothing on Cancel', async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(within(await rowOf('Admin', '1.0.2')).getByRole('button', { name: 'Roll back' }));
    const confirm = await dialog('Switch admin to 1.0.2?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(confirm);
    expect(api.posts).toEqual([]);
    expect(within(await section('Admin')).getByText('Live release: 1.0.3')).toBeInTheDocument();
    expect(within(await rowOf('Admin', '1.0.2')).getByRole('button', { name: 'Roll back' })).toBeEnabled();
  });

  it("should show the server's 409 when another admin switched first, then the list as it now is", async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(within(await rowOf('Admin', '1.0.1')).getByRole('button', { name: 'Roll back' }));
    api.areas = api.areas.map((entry) => (entry.area === 'admin' ? areaReleases('admin', { live: 1 }) : entry));
    await userEvent.click(within(await dialog('Switch admin to 1.0.1?')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This release is already live')).toBeInTheDocument();
    expect(await within(await section('Admin')).findByText('Live release: 1.0.1')).toBeInTheDocument();
    expect(screen.queryByText('Admin is now on 1.0.1')).not.toBeInTheDocument();
  });

  /** Asks to roll user back to 1.0.2 and confirms. */
  const rollBackUser = async () => {
    await userEvent.click(within(await rowOf('User', '1.0.2')).getByRole('button', { name: 'Roll back' }));
    await userEvent.click(within(await dialog('Switch user to 1.0.2?')).getByRole('button', { name: 'Confirm' }));
  };

  it("should show the server's 404, the live release unchanged", async () => {
    const api = releasesApi();
    api.refuse = { status: 404, message: 'Release not found' };
    await renderWithProviders(<ReleasesPage />);
    await rollBackUser();
    expect(await screen.findByText('Release not found')).toBeInTheDocument();
    expect(within(await rowOf('User', '1.0.2')).getByRole('button', { name: 'Roll back' })).toBeEnabled();
    expect(within(await section('User')).getByText('Live release: 1.0.3')).toBeInTheDocument();
  });

  it('should say "Failed to switch release" when the server answers without a message', async () => {
    // A 5xx is logged by the app's SWR config; the test only looks at the screen.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = releasesApi();
    api.refuse = { status: 502 };
    await renderWithProviders(<ReleasesPage />);
    await rollBackUser();
    expect(await screen.findByText('Failed to switch release')).toBeInTheDocument();
    expect(within(await section('User')).getByText('Live release: 1.0.3')).toBeInTheDocument();
    logged.mockRestore();
  });

  it("should show the server's message when the releases cannot be loaded", async () => {
    releasesApi();
    apiAnswers('get', '/releases', [fail(403, 'You are not allowed to do this')]);
    await renderWithProviders(<ReleasesPage />);
    expect(await screen.findByText('You are not allowed to do this')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });
});
