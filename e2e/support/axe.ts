import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
