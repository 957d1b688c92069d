import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { held, renderWithProviders } from '@wallet/shared/testing';
import { adminInsightsApi, auditAdmin, auditRow } from '@wallet/shared/testing/admin-api';
import AuditLogPage from '../pages/audit-log-page';

const table = () => screen.getByRole('table', { name: 'Audit log' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('audit log page', () => {
  it('should show "Loading..." until the log arrives', async () => {
    const api = adminInsightsApi({ audit: [auditRow(1)] });
    const hold = held();
    api.hold = hold.promise;
    await renderWithProviders(<AuditLogPage />);
    expect(screen.getByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => hold.release());
    expect(await screen.findByText('Target 1')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('should show when, the admin, the action, its target and its reason, newest first', async () => {
    adminInsightsApi({
      audit: [
        auditRow(1, 'approve'),
        auditRow(3, 'block', auditAdmin(2)),
        auditRow(2, 'suspend'),
        { ...auditRow(4, 'kyc_reject'), reason: 'The photo is unreadable' },
      ],
    });
    await renderWithProviders(<AuditLogPage />);
    await screen.findByText('Target 4');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Admin', 'Action', 'Target', 'Reason']);
    // The time is the viewer's local time: only the admin, action, target and reason are compared exactly.
    expect(bodyRows().map((row) => cellsOf(row).slice(1))).toEqual([
      ['Admin 1admin1@example.com', 'Rejected identity', 'Target 4target4@example.com', 'The photo is unreadable'],
      ['Admin 2admin2@example.com', 'Blocked wallet', 'Target 3target3@example.com', ''],
      ['Admin 1admin1@example.com', 'Suspended agent', 'Target 2target2@example.com', ''],
      ['Admin 1admin1@example.com', 'Made agent', 'Target 1target1@example.com', ''],
    ]);
    expect(cellsOf(bodyRows()[0]!)[0]).toMatch(/^\d{1,2} Mar 2025, \d\d:\d\d$/);
  });

  it('should page 12 rows 5 at a time', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => auditRow(i + 1));
    const api = adminInsightsApi({ audit: rows });
    await renderWithProviders(<AuditLogPage />);
    await screen.findByText('Target 12');
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Target 7')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Target 1')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(api.queries.filter((query) => query.startsWith('/admin/audit-log'))).toEqual([
      '/admin/audit-log?page=1&limit=5',
      `/admin/audit-log?page=2&limit=5&after=${auditRow(8)._id}`,
      `/admin/audit-log?page=3&limit=5&after=${auditRow(3)._id}`,
    ]);
  });

  it('should filter by action and by admin, each new filter starting again at page 1', async () => {
    const rows = [
      ...Array.from({ length: 7 }, (_, i) => auditRow(i + 1, 'approve')),
      auditRow(8, 'suspend'),
      auditRow(9, 'block', auditAdmin(2)),
      auditRow(10, 'unblock', auditAdmin(2)),
    ];
    const api = adminInsightsApi({ audit: rows });
    await renderWithProviders(<AuditLogPage />);
    await screen.findByText('Target 10');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();

    const action = screen.getByRole('combobox', { name: 'Action' });
    await userEvent.selectOptions(action, 'Made agent');
    expect(await screen.findByText('Target 7')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.queryByText('Target 10')).not.toBeInTheDocument();

    const admin = screen.getByRole('combobox', { name: 'Admin' });
    expect(
      within(admin)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All admins', 'Admin 1 (admin1@example.com)', 'Admin 2 (admin2@example.com)']);
    await userEvent.selectOptions(action, 'All actions');
    await userEvent.selectOptions(admin, 'Admin 2 (admin2@example.com)');
    expect(await screen.findByText('Target 9')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(2);

    const logQueries = api.queries.filter((query) => query.startsWith('/admin/audit-log'));
    expect(logQueries).toContain('/admin/audit-log?action=approve&page=1&limit=5');
    expect(logQueries.at(-1)).toBe(`/admin/audit-log?adminId=${auditAdmin(2)._id}&page=1&limit=5`);
  });

  it('should show a change of limits: the row changed as its target, and only the figures that changed', async () => {
    const noLimits = { minAmount: null, maxAmount: null, dailyCount: null, monthlyAmount: null, monthlyCount: null };
    adminInsightsApi({
      audit: [
        auditRow(1, 'approve'),
        auditRow(2, 'limit_change'),
        {
          ...auditRow(3, 'limit_change', auditAdmin(2)),
          change: {
            holder: 'AGENT',
            scope: 'cash-in',
            before: { ...noLimits, maxAmount: 50_000, dailyAmount: 1_000_000, monthlyCount: 100 },
            after: { ...noLimits, minAmount: 10, dailyAmount: 1_000_000, dailyCount: 20, monthlyCount: null },
          },
        },
        {
          ...auditRow(4, 'limit_change'),
          change: {
            holder: 'KYC_APPROVED',
            scope: 'balance',
            before: { maxBalance: 500_000 },
            after: { maxBalance: null },
          },
        },
        {
          ...auditRow(5, 'limit_change'),
          change: {
            holder: 'UNVERIFIED',
            scope: 'deposit',
            before: noLimits,
            after: { ...noLimits, dailyAmount: null },
          },
        },
      ],
    });
    await renderWithProviders(<AuditLogPage />);
    await screen.findByText('Target 1');
    expect(bodyRows().map((row) => cellsOf(row).slice(1))).toEqual([
      ['Admin 1admin1@example.com', 'Changed limits', 'Unverified · Add moneyNo figure changed', ''],
      [
        'Admin 1admin1@example.com',
        'Changed limits',
        'Identity verified (KYC) · Maximum balanceMaximum balance: 500,000.00 Taka → No limit',
        '',
      ],
      [
        'Admin 2admin2@example.com',
        'Changed limits',
        'Agents · Cash in (given)' +
          'Minimum: No limit → 10.00 Taka' +
          'Maximum: 50,000.00 Taka → No limit' +
          'Daily count: No limit → 20' +
          'Monthly count: 100 → No limit',
        '',
      ],
      [
        'Admin 1admin1@example.com',
        'Changed limits',
        'Email verified · Send moneyDaily: 25,000.00 → 30,000.00 Taka',
        '',
      ],
      ['Admin 1admin1@example.com', 'Made agent', 'Target 1target1@example.com', ''],
    ]);
  });

  it('should offer changes of limits in the action filter', async () => {
    const api = adminInsightsApi({ audit: [auditRow(1, 'approve'), auditRow(2, 'limit_change')] });
    await renderWithProviders(<AuditLogPage />);
    await screen.findByText('Target 1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Changed limits');
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Target 1')).not.toBeInTheDocument());
    expect(bodyRows().map((row) => cellsOf(row)[2])).toEqual(['Changed limits']);
    expect(api.queries).toContain('/admin/audit-log?action=limit_change&page=1&limit=5');
  });

  it('should leave the target empty for a row without one, and not fail', async () => {
    adminInsightsApi({ audit: [{ ...auditRow(1, 'limit_change'), change: null }] });
    await renderWithProviders(<AuditLogPage />);
    await screen.findByText('Changed limits', { selector: 'td' });
    expect(cellsOf(bodyRows()[0]!).slice(2)).toEqual(['Changed limits', '', '']);
  });

  it('should show a PIN locked by the system as "System", and its unlock by the admin who did it', async () => {
    const api = adminInsightsApi({ audit: [auditRow(1, 'pin_lock', null), auditRow(2, 'pin_unlock')] });
    await renderWithProviders(<AuditLogPage />);
    await screen.findByText('Target 1');
    expect(bodyRows().map((row) => cellsOf(row).slice(1))).toEqual([
      ['Admin 1admin1@example.com', 'Unlocked PIN', 'Target 2target2@example.com', ''],
      ['System', 'Locked PIN', 'Target 1target1@example.com', ''],
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Locked PIN');
    await waitFor(() => expect(screen.queryByText('Target 2')).not.toBeInTheDocument());
    expect(bodyRows().map((row) => cellsOf(row)[1])).toEqual(['System']);
    expect(api.queries).toContain('/admin/audit-log?action=pin_lock&page=1&limit=5');
  });

  it("should show a person's own PIN set, change and reset with the person as the actor, and filter by them", async () => {
    const self = (n: number, action: 'pin_set' | 'pin_change' | 'pin_reset') => {
      const row = auditRow(n, action);
      return { ...row, admin: { _id: row.target!._id, name: row.target!.name, email: row.target!.email } };
    };
    const api = adminInsightsApi({ audit: [self(1, 'pin_set'), self(2, 'pin_change'), self(3, 'pin_reset')] });
    await renderWithProviders(<AuditLogPage />);
    await screen.findByText('Reset a forgotten PIN', { selector: 'td' });
    expect(bodyRows().map((row) => cellsOf(row).slice(1, 3))).toEqual([
      ['Target 3target3@example.com', 'Reset a forgotten PIN'],
      ['Target 2target2@example.com', 'Changed their PIN'],
      ['Target 1target1@example.com', 'Set their PIN'],
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Reset a forgotten PIN');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(api.queries).toContain('/admin/audit-log?action=pin_reset&page=1&limit=5');
  });

  it('should show a release rolled back by the system as "System", with why, and filter by it', async () => {
    const reason = 'admin 1.0.4: 45.0 errors per 1,000 views against 2.0 for 1.0.3';
    const api = adminInsightsApi({
      audit: [{ ...auditRow(1, 'release_auto_rollback', null), target: null, reason }, auditRow(2, 'approve')],
    });
    await renderWithProviders(<AuditLogPage />);
    await screen.findByText('Target 2');
    expect(cellsOf(bodyRows()[1]!).slice(1)).toEqual(['System', 'Rolled back a release', '', reason]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Rolled back a release');
    await waitFor(() => expect(screen.queryByText('Target 2')).not.toBeInTheDocument());
    expect(bodyRows().map((row) => cellsOf(row)[2])).toEqual(['Rolled back a release']);
    expect(api.queries).toContain('/admin/audit-log?action=release_auto_rollback&page=1&limit=5');
  });

  it('should say so when no admin action matches', async () => {
    adminInsightsApi({ audit: [auditRow(1, 'approve')] });
    await renderWithProviders(<AuditLogPage />);
    await screen.findByText('Target 1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Unblocked wallet');
    expect(await screen.findByText('No admin actions found.')).toBeInTheDocument();
  });

  it('should let the keyboard reach the table, which scrolls sideways on a phone, by its name', async () => {
    adminInsightsApi({ audit: [auditRow(1)] });
    await renderWithProviders(<AuditLogPage />);
    await screen.findByText('Target 1');
    const region = screen.getByRole('region', { name: 'Audit log, scrollable' });
    expect(region).toContainElement(table());
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(region).toHaveFocus();
  });
});
