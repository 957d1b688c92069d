import type { Page } from '@playwright/test';

/**
 * The page's layout shifts so far, summed (none counted within half a second of input, as Chromium
 * marks them), read a moment after the call so a shift under way is counted.
 */
export function layoutShift(page: Page, settleMs = 300) {
  return page.evaluate(
    (wait) =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), wait);
      }),
    settleMs,
  );
}
