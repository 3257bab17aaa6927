import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The ids of the customers on the signed-in dealer's customer list (card view), in list order, each once. */
export async function customerIds(page: Page): Promise<string[]> {
  await page.goto('/account');
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  const hrefs = await page
    .getByRole('article')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => href.split('/')[2] ?? '').filter(Boolean))];
}

/**
 * A window-virtualised list's rendered rows (`data-index`) are stacked edge to edge at their measured heights,
 * none overlapping the next or leaving a gap: the virtualiser has measured every row it shows.
 */
export async function expectRowsStacked(page: Page, rows: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.locator(rows).evaluateAll((elements) => {
          const boxes = elements
            .map((element) => ({
              index: Number(element.getAttribute('data-index')),
              box: element.getBoundingClientRect(),
            }))
            .sort((a, b) => a.index - b.index);
          const misplaced = boxes
            .slice(1)
            .map(({ index, box }, i) => ({ index, gap: Math.round(box.top - (boxes[i]?.box.bottom ?? 0)) }))
            .filter(({ gap }) => gap !== 0);
          return { severalRows: boxes.length > 1, misplaced };
        }),
      { message: `rows of ${rows} that overlap the row before or leave a gap after it` },
    )
    .toEqual({ severalRows: true, misplaced: [] });
}
