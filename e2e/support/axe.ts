import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * No WCAG 2.1 A or AA violation on what the page shows now (axe-core, in the real browser).
 *
 * Axe runs in the page itself (legacy mode). Its default opens a blank page in the context for
 * every check, to gather the results of cross-origin frames. That costs a renderer process each
 * time, about half of each check here, and the site has no frames: every rule runs on the same
 * document either way. (Axe's resultTypes option, which would gather only the violations, is not
 * used: rules that judge the page as a whole, such as heading-order and landmark-unique, then
 * judge only the first node of each kind and report violations the full run does not.)
 */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
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

/**
 * The page in the light or the dark scheme, once the theme has followed it and the colours'
 * transitions (a contained button's background takes 250 ms) have ended: axe must not judge a
 * colour half way from one scheme to the other.
 */
export async function colorScheme(page: Page, mode: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: mode });
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${mode}(\\s|$)`));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
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
