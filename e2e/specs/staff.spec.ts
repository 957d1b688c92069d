import { expect, test, type Page } from '@playwright/test';
import { LOCAL_SITE_URL } from '../playwright.config';
import { apiGet, windowOf } from '../support/accounts';
import { virtualAuthenticator } from '../support/authenticator';
import { expectAccessible, opened } from '../support/axe';
import { staffInviteLinkTo } from '../support/mail';
import { newPerson } from '../support/site';

// Passkeys need a site on a host name (browsers refuse an IP address as their relying party).
test.use({ baseURL: LOCAL_SITE_URL });

const sidebarLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link').allTextContents();

test('an owner invites a finance member by mail; they join with a passkey, sign in with it, change a fee, and are refused on Verification', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await windowOf(browser);
  const member = newPerson();
  // The member's device: its screen lock verifies them, no prompt.
  const device = await virtualAuthenticator(page);
  try {
    await test.step('the owner invites them on Staff, with Finance only', async () => {
      await owner.goto('/admin/staff');
      await expect(owner.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
      await expect(owner.getByRole('table', { name: 'Members' })).toContainText('admin@e2e.example.com');
      const form = owner.getByRole('form', { name: 'Invite a staff member' });
      await form.getByRole('textbox', { name: 'Name' }).fill(member.name);
      await form.getByRole('textbox', { name: 'Email' }).fill(member.email);
      await form.getByRole('checkbox', { name: /^Finance:/ }).check();
      await expectAccessible(owner);
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await expect(owner.getByText(`Invitation sent to ${member.email}`)).toBeVisible();
      await expect(owner.getByRole('table', { name: 'Invitations waiting' })).toContainText(member.email);
    });

    await test.step('they open the mailed link, set a password, add a passkey and sign in with it', async () => {
      const link = await staffInviteLinkTo(page.request, member.email);
      expect(link.startsWith(`${LOCAL_SITE_URL}/staff-invite?token=`)).toBe(true);
      await page.goto(new URL(link).pathname + new URL(link).search);
      await expect(page.getByRole('heading', { level: 1, name: 'Join the staff' })).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Set password and join' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Add your passkey' })).toBeVisible();
      // The pointer rests where "Set password and join" was: off "Not now", whose hover is not judged.
      await page.mouse.move(0, 0);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
      await opened(codes);
      await expect(codes.getByRole('listitem')).toHaveCount(10);
      await expectAccessible(page);
      await codes.getByRole('button', { name: 'I have kept them' }).click();
      expect(await device.credentials()).toEqual([{ rpId: 'localhost', signCount: expect.any(Number) }]);

      await expect(page.getByRole('heading', { level: 1, name: 'Sign in with your passkey' })).toBeVisible();
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page).toHaveURL(/\/admin\/all-user$/);
      const staff = await apiGet(owner.request, '/admin/staff');
      expect(staff.data.members.find((row: { email: string }) => row.email === member.email)).toMatchObject({
        passkeys: 1,
      });
      // Finance reads people and fees; verification and staff are other roles'.
      await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Fees' })).toBeVisible();
      expect(await sidebarLinks(page)).toEqual([
        'All Users',
        'All Agents',
        'All Transactions',
        'Audit Log',
        'Releases',
        'Limits',
        'Fees',
        'Approvals',
        'Disputes',
        'Security',
      ]);
      await expect(page.getByRole('button', { name: 'Make Agent' })).toHaveCount(0);
    });

    await test.step('they propose a cash-in commission on Fees; it applies only once the owner approves it', async () => {
      const commission = async () =>
        (await apiGet(owner.request, '/admin/fees')).data.find((row: { type: string }) => row.type === 'cash-in')
          .agentCommission as number;
      const before = await commission();
      await page.goto('/admin/fees');
      await page.getByRole('button', { name: 'Edit Cash in fees' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cash in fees' });
      await opened(dialog);
      await dialog.getByRole('textbox', { name: 'Agent’s commission' }).fill('0.3');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Proposed: this waits for a second approval')).toBeVisible();
      expect(await commission()).toBe(before);

      // Their own proposal waits on Approvals, with nothing for them to decide.
      await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Approvals' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
      const own = page.getByRole('table', { name: 'Proposals' }).getByRole('row').filter({ hasText: member.email });
      await expect(own).toContainText(`Agent’s commission: ${before}% → 0.3%`);
      await expect(own.getByRole('button')).toHaveCount(0);
      await expectAccessible(page);

      // The owner, a second member, approves it: it applies at once.
      await owner.goto('/admin/approvals');
      const waiting = owner
        .getByRole('table', { name: 'Proposals' })
        .getByRole('row')
        .filter({ hasText: member.email });
      await waiting.getByRole('button', { name: 'Approve' }).click();
      const confirm = owner.getByRole('dialog', { name: 'Approve and apply this change now?' });
      await opened(confirm);
      await expectAccessible(owner);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await expect(owner.getByText('Approved and applied')).toBeVisible();
      await expect(waiting).toHaveCount(0);
      expect(await commission()).toBe(0.3);
      // Both are audited: the proposal under their name, the change under the owner's.
      const proposed = await apiGet(owner.request, '/admin/audit-log?action=approval_propose&limit=1');
      expect(proposed.data[0].admin.email).toBe(member.email);
      const changed = await apiGet(owner.request, '/admin/audit-log?action=fee_change&limit=1');
      expect(changed.data[0].admin.email).toBe('admin@e2e.example.com');
      expect(changed.data[0].reason).toContain(`proposed by ${member.email}`);
    });

    await test.step('Verification is not theirs: the screen says so and the API refuses', async () => {
      await page.goto('/admin/verification');
      await expect(page.getByText('Your roles do not include this page.', { exact: false })).toBeVisible();
      await expectAccessible(page);
      const refused = await page.request.get('/api/v1/admin/kyc');
      expect(refused.status()).toBe(403);
      expect((await refused.json()).code).toBe('ROLE_NOT_ALLOWED');
    });

    await test.step('their password alone opens nothing: the admin area asks for the passkey first', async () => {
      expect((await page.request.post('/api/v1/auth/logout')).status()).toBe(200);
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText('User Logged In SuccessFully')).toBeVisible();
      await page.goto('/admin/fees');
      await expect(page.getByRole('heading', { level: 1, name: 'Complete your sign-in' })).toBeVisible();
      await expectAccessible(page);
      const refused = await page.request.get('/api/v1/admin/fees');
      expect(refused.status()).toBe(403);
      expect((await refused.json()).code).toBe('SECOND_FACTOR_NEEDED');
      await page.getByRole('button', { name: 'Use your passkey' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();
      expect((await page.request.get('/api/v1/admin/fees')).status()).toBe(200);

      await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Security' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Passkeys' }).getByRole('rowheader')).toHaveCount(1);
      await expectAccessible(page);
    });

    await test.step('the owner deactivates them: their next page asks them to log in', async () => {
      await owner.goto('/admin/staff');
      await owner.getByRole('button', { name: `Deactivate ${member.name}` }).click();
      await owner.getByRole('button', { name: 'Confirm' }).click();
      await expect(owner.getByText('Staff member deactivated')).toBeVisible();
      expect((await page.request.get('/api/v1/admin/fees')).status()).toBe(401);
    });
  } finally {
    // This site's specs move no money, and a change of fees here needs two members: the commission
    // stays as approved.
    await owner.context().close();
  }
});
