import { screen } from '@testing-library/react';
import { i18n } from '@wallet/shared/i18n';
import { disputesApi, feesApi, kycApi, limitsApi, releasesApi } from '@wallet/shared/testing';
import { adminApi, adminInsightsApi } from '@wallet/shared/testing/admin-api';
import { menu } from '../menu';
import { renderAdminArea } from '../testing/render-admin-area';

describe('admin routes and menu', () => {
  it('should open /admin on the users list', async () => {
    adminApi();
    await renderAdminArea('/admin');
    expect(await screen.findByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/all-user');
  });

  it.each([
    ['/admin/all-agent', 'All Agents'],
    ['/admin/all-transaction', 'All Transactions'],
    ['/admin/audit-log', 'Audit Log'],
    ['/admin/releases', 'Releases'],
    ['/admin/verification', 'Verification'],
    ['/admin/limits', 'Limits'],
    ['/admin/fees', 'Fees'],
    ['/admin/disputes', 'Disputes'],
  ])('should show %s', async (route, heading) => {
    adminApi();
    adminInsightsApi();
    releasesApi();
    kycApi();
    limitsApi();
    feesApi();
    disputesApi();
    await renderAdminArea(route);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it("should offer the twelve admin screens in the sidebar's menu, titled by the ids of the catalog it registers", () => {
    expect(menu.map((group) => i18n._(group.title))).toEqual(['Admin']);
    expect(menu.flatMap((group) => group.items).map(({ title, url }) => [i18n._(title), url])).toEqual([
      ['All Users', '/admin/all-user'],
      ['All Agents', '/admin/all-agent'],
      ['All Transactions', '/admin/all-transaction'],
      ['Audit Log', '/admin/audit-log'],
      ['Releases', '/admin/releases'],
      ['Verification', '/admin/verification'],
      ['Limits', '/admin/limits'],
      ['Fees', '/admin/fees'],
      ['Approvals', '/admin/approvals'],
      ['Disputes', '/admin/disputes'],
      ['Staff', '/admin/staff'],
      ['Security', '/admin/security'],
    ]);
  });
});
