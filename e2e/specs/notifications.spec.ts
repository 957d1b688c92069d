import { expect, test } from '@playwright/test';
import { apiGet, moveMoney, registerAccount, windowOf } from '../support/accounts';
import { expectAccessible } from '../support/axe';

test('money arriving moves the bell on the open Notifications page; Mark all as read clears it; a switched-off kind stays off; axe in English and Bangla', async ({
  browser,
}) => {
  const receiver = await registerAccount({ kyc: false, pin: false });
  const sender = await registerAccount();
  await moveMoney(sender, '/wallet/deposit', { balance: 100 });
  const page = await windowOf(browser, receiver);
  // Signing this window in was a new browser for the receiver: start from nothing unread.
  expect((await receiver.api.post('/api/v1/notifications/read', { data: { all: true } })).status()).toBe(200);

  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  const all = page.getByRole('region', { name: 'All notifications' });
  const received = `You received 20.00 Taka from ${sender.name}`;

  await test.step('the open page hears the money: the count rises without a reload, and the page and the bell list it', async () => {
    // The wallet's stream is open before the money moves.
    const stream = page.waitForResponse((response) => response.url().endsWith('/api/v1/events'));
    await page.goto('/notifications');
    await stream;
    await expect(bell).toHaveAccessibleName('Notifications');
    await moveMoney(sender, '/wallet/transfer', { receiverId: receiver.id, balance: 20 });
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(all.getByRole('listitem').first()).toHaveText(new RegExp(`^Unread: ${received}`));

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('listitem').first()).toHaveText(new RegExp(`^Unread: ${received}`));
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  await test.step('Mark all as read on the page clears the bell', async () => {
    await all.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(all.getByRole('listitem').first()).toHaveText(new RegExp(`^${received}`));
  });

  await test.step('a kind switched off is saved, and stays off', async () => {
    const push = page.getByRole('switch', { name: 'Push for Money you receive' });
    await expect(push).toBeChecked();
    await push.uncheck();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    const { preferences } = (await apiGet(receiver.api, '/notifications/preferences')).data as {
      preferences: { kind: string; push: boolean; mail: boolean }[];
    };
    expect(preferences.find((choice) => choice.kind === 'money_received')).toEqual({
      kind: 'money_received',
      push: false,
      mail: false,
    });
  });

  await test.step('?open= brings that notification forward; the browser says where it stands; axe in English and Bangla', async () => {
    const [latest] = (await apiGet(receiver.api, '/notifications?limit=1')).data as [{ _id: string }];
    await page.goto(`/notifications?open=${latest._id}`);
    await expect(all.locator('li[aria-current="true"]')).toHaveText(new RegExp(`^${received}`));
    await expect(page.getByRole('switch', { name: 'Push for Money you receive' })).not.toBeChecked();
    // Chromium is never subscribed here (its push service is out of reach): off or blocked, never "checking".
    await expect(page.getByRole('region', { name: 'This browser' }).getByRole('status')).toHaveText(
      /^(Off|Blocked by the browser):/,
    );
    await expectAccessible(page);

    await page.getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('নোটিফিকেশন');
    await expect(page.getByRole('switch', { name: 'আপনার পাওয়া টাকা: পুশ' })).not.toBeChecked();
    await expectAccessible(page);
  });
  await page.context().close();
});
