import { act, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_NAMES } from '@wallet/shared/areas';
import { formatDateTime } from '@wallet/shared/dates';
import { areaReleases, held, release, releaseSwitch, releasesApi, renderWithProviders } from '@wallet/shared/testing';
import ReleasesPage from '../pages/releases-page';

const section = (name: string) => screen.findByRole('region', { name });
const tableOf = async (area: string) => within(await section(area)).getByRole('table', { name: `${area} releases` });
const rowOf = async (area: string, version: string) =>
  within(await tableOf(area))
    .getByRole('cell', { name: version })
    .closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const dialog = (name: string) => screen.findByRole('dialog', { name });

/** Admin's releases 1.0.1 to 1.0.4, 1.0.3 live and 1.0.4 rolling out to `share` percent (null: a preview). */
const adminRollingOut = (share: number | null = 25, deployer = true) =>
  releasesApi({
    deployer,
    areas: APP_NAMES.map((area) =>
      areaReleases(area, area === 'admin' ? { count: 4, live: 3, candidate: 4, share } : {}),
    ),
  });

const ROLLING_OUT_SINCE = formatDateTime('2025-04-04T12:00:00.000Z');

/** Opens the rollout dialog of admin's `version`. */
async function openRollout(version: string) {
  await userEvent.click(within(await rowOf('Admin', version)).getByRole('button', { name: 'Roll out…' }));
  return within(await dialog(`Roll out admin ${version}`));
}

describe('releases page: rollouts', () => {
  it('should show a rollout with its share, since when and by whom, its row marked beside the live one', async () => {
    adminRollingOut(25);
    await renderWithProviders(<ReleasesPage />);
    const admin = within(await section('Admin'));
    expect(admin.getByText('Live release: 1.0.3')).toBeVisible();
    expect(
      admin.getByText(`Rolling out 1.0.4 to 25% of visitors since ${ROLLING_OUT_SINCE} by nadia@example.com`),
    ).toBeVisible();
    expect(admin.getByRole('button', { name: 'Promote 1.0.4' })).toBeEnabled();
    expect(admin.getByRole('button', { name: 'Roll back 1.0.4' })).toBeEnabled();
    const candidate = await rowOf('Admin', '1.0.4');
    expect(within(candidate).getByText('Rolling out 25%')).toBeVisible();
    expect(within(candidate).queryByRole('button')).not.toBeInTheDocument();
    expect(within(await rowOf('Admin', '1.0.3')).getByText('Live')).toBeVisible();
    expect(within(await rowOf('Admin', '1.0.2')).getByRole('button', { name: 'Roll out…' })).toBeEnabled();
    // Only the area rolling out says so.
    expect(within(await section('User')).queryByText(/Rolling out/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Promote/ })).toHaveLength(1);
  });

  it('should show a preview for admins as such', async () => {
    adminRollingOut(null);
    await renderWithProviders(<ReleasesPage />);
    const admin = within(await section('Admin'));
    expect(
      admin.getByText(`Previewing 1.0.4 for admins since ${ROLLING_OUT_SINCE} by nadia@example.com`),
    ).toBeVisible();
    expect(within(await rowOf('Admin', '1.0.4')).getByText('Preview')).toBeVisible();
    expect(admin.getByRole('button', { name: 'Promote 1.0.4' })).toBeEnabled();
  });

  it('should keep one h1, an h2 an area and its h3, with a rollout under way', async () => {
    adminRollingOut();
    await renderWithProviders(<ReleasesPage />);
    const admin = within(await section('Admin'));
    expect(admin.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`)).toEqual([
      'H2 Admin',
      'H3 Last switches',
    ]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('should promote once confirmed: "Processing..." while it runs, then the release live for everyone and the switch', async () => {
    const api = adminRollingOut();
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(within(await section('Admin')).getByRole('button', { name: 'Promote 1.0.4' }));
    const confirm = await dialog('Promote admin 1.0.4 to everyone?');
    const hold = held();
    api.hold = hold.promise;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(await section('Admin')).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => hold.release());
    expect(await screen.findByText('Admin is now on 1.0.4 for everyone')).toBeInTheDocument();
    const admin = within(await section('Admin'));
    expect(admin.getByText('Live release: 1.0.4')).toBeVisible();
    expect(admin.getByText(`Live since ${formatDateTime(api.now)} by admin@example.com`)).toBeVisible();
    expect(admin.queryByText(/Rolling out/)).not.toBeInTheDocument();
    expect(admin.queryByRole('button', { name: /^Promote/ })).not.toBeInTheDocument();
    expect(within(await rowOf('Admin', '1.0.4')).getByText('Live')).toBeVisible();
    expect(within(await rowOf('Admin', '1.0.3')).getByRole('button', { name: 'Roll back' })).toBeEnabled();
    expect(admin.getByText(`Promoted: 1.0.3 → 1.0.4 by admin@example.com at ${formatDateTime(api.now)}`)).toBeVisible();
    expect(api.writes).toEqual([{ method: 'POST', path: '/releases/admin/promote' }]);
  });

  it('should roll a rollout back once confirmed: everyone on the live release, the release offered again', async () => {
    const api = adminRollingOut();
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(within(await section('Admin')).getByRole('button', { name: 'Roll back 1.0.4' }));
    await userEvent.click(
      within(await dialog('Roll back admin from 1.0.4 to 1.0.3?')).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('Admin is back on 1.0.3 for everyone')).toBeInTheDocument();
    const admin = within(await section('Admin'));
    expect(admin.getByText('Live release: 1.0.3')).toBeVisible();
    expect(admin.queryByText(/Rolling out/)).not.toBeInTheDocument();
    const rolledBack = within(await rowOf('Admin', '1.0.4'));
    expect(rolledBack.getByRole('button', { name: 'Make live' })).toBeEnabled();
    expect(rolledBack.getByRole('button', { name: 'Roll out…' })).toBeEnabled();
    expect(
      admin.getByText(`Rolled back: 1.0.4 → 1.0.3 by admin@example.com at ${formatDateTime(api.now)}`),
    ).toBeVisible();
    expect(api.writes).toEqual([{ method: 'POST', path: '/releases/admin/rollback' }]);
  });

  it('should promote or roll back nothing on Cancel', async () => {
    const api = adminRollingOut();
    await renderWithProviders(<ReleasesPage />);
    for (const [button, question] of [
      ['Promote 1.0.4', 'Promote admin 1.0.4 to everyone?'],
      ['Roll back 1.0.4', 'Roll back admin from 1.0.4 to 1.0.3?'],
    ] as const) {
      await userEvent.click(within(await section('Admin')).getByRole('button', { name: button }));
      const confirm = await dialog(question);
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitForElementToBeRemoved(confirm);
    }
    expect(api.writes).toEqual([]);
    expect(within(await section('Admin')).getByText(/^Rolling out 1.0.4 to 25%/)).toBeVisible();
  });

  it("should show the server's refusal of a promotion, then the area as it now is", async () => {
    const api = adminRollingOut();
    await renderWithProviders(<ReleasesPage />);
    await userEvent.click(within(await section('Admin')).getByRole('button', { name: 'Promote 1.0.4' }));
    // Another admin rolled it back meanwhile.
    api.areas = api.areas.map((entry) => (entry.area === 'admin' ? { ...entry, candidate: null } : entry));
    await userEvent.click(
      within(await dialog('Promote admin 1.0.4 to everyone?')).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('No release is rolling out in this area')).toBeInTheDocument();
    // The releases are asked for again before the refusal shows.
    const admin = within(await section('Admin'));
    expect(admin.queryByText(/^Rolling out/)).not.toBeInTheDocument();
    expect(admin.getByText('Live release: 1.0.3')).toBeVisible();
    expect(screen.queryByText('Admin is now on 1.0.4 for everyone')).not.toBeInTheDocument();
  });

  it('should roll a release out to 10% of visitors by default, or the share typed, beside the live one', async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    const form = await openRollout('1.0.2');
    expect(form.getByText('Everyone else stays on 1.0.3.')).toBeVisible();
    expect(form.getByRole('radio', { name: 'A share of visitors' })).toBeChecked();
    const share = form.getByRole('textbox', { name: 'Share of visitors' });
    expect(share).toHaveValue('10');
    await userEvent.clear(share);
    await userEvent.type(share, '25');
    await userEvent.click(form.getByRole('button', { name: 'Roll out' }));
    expect(await screen.findByText('Admin 1.0.2 is rolling out to 25% of visitors')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const admin = within(await section('Admin'));
    expect(
      admin.getByText(`Rolling out 1.0.2 to 25% of visitors since ${formatDateTime(api.now)} by admin@example.com`),
    ).toBeVisible();
    expect(admin.getByText('Live release: 1.0.3')).toBeVisible();
    expect(within(await rowOf('Admin', '1.0.2')).getByText('Rolling out 25%')).toBeVisible();
    expect(
      admin.getByText(`Rolled out to 25%: 1.0.3 → 1.0.2 by admin@example.com at ${formatDateTime(api.now)}`),
    ).toBeVisible();
    expect(api.writes).toEqual([
      { method: 'POST', path: '/releases/admin/rollout', body: { version: '1.0.2', audience: 'share', share: 25 } },
    ]);
  });

  it("should refuse a share of 0, 100 or none with the contract's words, sending nothing", async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    const form = await openRollout('1.0.1');
    const share = form.getByRole('textbox', { name: 'Share of visitors' });
    for (const [typed, message] of [
      ['0', 'Share of visitors must be at least 1 percent'],
      ['100', 'Share of visitors must be at most 99 percent (100 is promoting it)'],
      ['12.5', 'Share of visitors must be a whole percentage'],
      ['', 'Share of visitors must be a percentage'],
    ] as const) {
      await userEvent.clear(share);
      if (typed) await userEvent.type(share, typed);
      await userEvent.click(form.getByRole('button', { name: 'Roll out' }));
      expect(await form.findByText(message)).toBeVisible();
      expect(share).toHaveAccessibleDescription(message);
      expect(share).toBeInvalid();
    }
    expect(api.writes).toEqual([]);
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.writes).toEqual([]);
  });

  it('should preview a release for admins only: no share asked, none sent', async () => {
    const api = releasesApi();
    await renderWithProviders(<ReleasesPage />);
    const form = await openRollout('1.0.2');
    await userEvent.click(form.getByRole('radio', { name: 'Admins only (preview)' }));
    expect(form.queryByRole('textbox', { name: 'Share of visitors' })).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Roll out' }));
    expect(await screen.findByText('Admin 1.0.2 is in preview for admins')).toBeInTheDocument();
    const admin = within(await section('Admin'));
    expect(
      admin.getByText(`Previewing 1.0.2 for admins since ${formatDateTime(api.now)} by admin@example.com`),
    ).toBeVisible();
    expect(within(await rowOf('Admin', '1.0.2')).getByText('Preview')).toBeVisible();
    expect(
      admin.getByText(`Previewed for admins: 1.0.3 → 1.0.2 by admin@example.com at ${formatDateTime(api.now)}`),
    ).toBeVisible();
    expect(api.writes).toEqual([
      { method: 'POST', path: '/releases/admin/rollout', body: { version: '1.0.2', audience: 'admins' } },
    ]);
  });

  it("should close the dialog on the server's refusal and show it, the rollout not shown", async () => {
    const api = releasesApi();
    api.refuse = { status: 409, message: 'This release is already live' };
    await renderWithProviders(<ReleasesPage />);
    const form = await openRollout('1.0.2');
    await userEvent.click(form.getByRole('button', { name: 'Roll out' }));
    expect(await screen.findByText('This release is already live')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await section('Admin')).queryByText(/Rolling out/)).not.toBeInTheDocument();
  });

  it('should keep the dialog open when the server cannot answer, to try again', async () => {
    // A 5xx is logged by the app's SWR config; the test only looks at the screen.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = releasesApi();
    api.refuse = { status: 502 };
    await renderWithProviders(<ReleasesPage />);
    const form = await openRollout('1.0.2');
    await userEvent.click(form.getByRole('button', { name: 'Roll out' }));
    expect(await screen.findByText('Request failed (502)')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Roll out admin 1.0.2' })).toBeVisible();
    expect(form.getByRole('textbox', { name: 'Share of visitors' })).toHaveValue('10');
    logged.mockRestore();
  });

  it('should offer no rollout in an area without a live release', async () => {
    releasesApi({ areas: APP_NAMES.map((area) => areaReleases(area, area === 'admin' ? { live: null } : {})) });
    await renderWithProviders(<ReleasesPage />);
    const admin = within(await section('Admin'));
    expect(admin.getAllByRole('button', { name: 'Make live' })).toHaveLength(3);
    expect(admin.queryByRole('button', { name: 'Roll out…' })).not.toBeInTheDocument();
  });

  it("should show each release's page views, their networks and errors per 1,000 views, and no rate before its first view", async () => {
    const admin = areaReleases('admin');
    releasesApi({
      areas: APP_NAMES.map((area) =>
        area === 'admin'
          ? {
              ...admin,
              releases: [
                release('admin', 3, { views: 1_234_567, errors: 4_321, networks: 5_432 }),
                release('admin', 2, { views: 800, errors: 10, networks: 3 }),
                release('admin', 1, { views: 0, errors: 0, networks: 0 }),
              ],
            }
          : areaReleases(area),
      ),
    });
    await renderWithProviders(<ReleasesPage />);
    const figures = async (version: string) => cellsOf(await rowOf('Admin', version)).slice(5, 8);
    expect(await figures('1.0.3')).toEqual(['1,234,567', '5,432', '3.5']);
    expect(await figures('1.0.2')).toEqual(['800', '3', '12.5']);
    expect(await figures('1.0.1')).toEqual(['0', '0', '—']);
    expect(cellsOf(await rowOf('User', '1.0.2')).slice(5, 8)).toEqual(['2,000', '20', '2.0']);
  });

  it('should show an admin who does not deploy the rollout and the figures, but no button', async () => {
    adminRollingOut(25, false);
    await renderWithProviders(<ReleasesPage />);
    const admin = within(await section('Admin'));
    expect(admin.getByText(/^Rolling out 1.0.4 to 25% of visitors since/)).toBeVisible();
    expect(
      within(await tableOf('Admin'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent)
        .slice(5),
    ).toEqual(['Page views', 'Networks', 'Errors per 1,000 views', 'Status']);
    expect(cellsOf(await rowOf('Admin', '1.0.4')).slice(5)).toEqual(['4,000', '40', '4.0', 'Rolling out 25%']);
    expect(cellsOf(await rowOf('Admin', '1.0.3')).slice(5)).toEqual(['3,000', '30', '3.0', 'Live']);
    expect(admin.queryByRole('button')).not.toBeInTheDocument();
  });

  it('should say what each switch was, in words, an automatic rollback by the system', async () => {
    const switches = [
      releaseSwitch('admin', 9, { kind: 'auto_rollback', from: '1.0.4', to: '1.0.3', switchedBy: 'system' }),
      releaseSwitch('admin', 8, { kind: 'rollout', share: 10, from: '1.0.3', to: '1.0.4' }),
      releaseSwitch('admin', 7, { kind: 'rollback', from: '1.0.4', to: '1.0.3' }),
      releaseSwitch('admin', 6, { kind: 'rollout', from: '1.0.3', to: '1.0.4' }),
      releaseSwitch('admin', 5, { kind: 'promote', from: '1.0.2', to: '1.0.3' }),
      releaseSwitch('admin', 4, { kind: 'switch', from: '1.0.1', to: '1.0.2' }),
    ];
    releasesApi({
      areas: APP_NAMES.map((area) => (area === 'admin' ? { ...areaReleases(area), switches } : areaReleases(area))),
    });
    await renderWithProviders(<ReleasesPage />);
    const list = within(await section('Admin')).getByRole('list', { name: 'Admin switches' });
    const at = (day: number) => formatDateTime(`2025-04-0${day}T10:00:00.000Z`);
    // The last five.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Rolled back automatically: 1.0.4 → 1.0.3 by System at ${at(9)}`,
      `Rolled out to 10%: 1.0.3 → 1.0.4 by token ci at ${at(8)}`,
      `Rolled back: 1.0.4 → 1.0.3 by token ci at ${at(7)}`,
      `Previewed for admins: 1.0.3 → 1.0.4 by token ci at ${at(6)}`,
      `Promoted: 1.0.2 → 1.0.3 by token ci at ${at(5)}`,
    ]);
  });
});
