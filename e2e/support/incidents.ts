import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The incidents page as a journey sees it (issue 14). The ingest → incident → screen journey can use these
 * after sending a report through /api/ingest: `await openIncidents(page, { customer: orgId })` then
 * `await expect(incidentRows(page).filter({ hasText: deviceName })).toBeVisible()` — the page also follows
 * the change stream, so a row appears without a reload while it is open.
 */
export async function openIncidents(
  page: Page,
  filter: { state?: 'open' | 'resolved' | 'all'; customer?: string; device?: string } = {},
): Promise<void> {
  const query = new URLSearchParams(
    Object.entries(filter).filter(([, value]) => value) as [string, string][],
  );
  await page.goto(`/incidents${query.size ? `?${query}` : ''}`);
  // A cold page's first paint: 30 s, as the other journeys allow on a loaded 2-core machine (a CI run once
  // took over 10 s while another build shared the cores).
  await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('incident-count')).not.toBeEmpty({ timeout: 30_000 });
}

/** Every listed incident (table rows on wide screens, cards on narrow ones). */
export function incidentRows(page: Page): Locator {
  return page.getByTestId('incident-row');
}

/** Opens a row's timeline (its type is the button) and returns the drawer. */
export async function openTimeline(row: Locator): Promise<Locator> {
  const page = row.page();
  await row.getByRole('button', { name: /.+/ }).first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('timeline-event').first()).toBeVisible({ timeout: 30_000 });
  return drawer;
}

/** The dashboard's count of open 'SD card error' incidents (a link in the camera card). */
export function sdCardErrorCount(page: Page): Locator {
  return page.getByTestId('incidents-CAMERA').getByRole('link', { name: /^SD card error: / });
}

/** How many times the page has loaded since this call: a screen that follows live changes keeps it at 0. */
export function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  return () => loads;
}

/** The SD card error count once the page shows it, and the number it shows then. */
export async function shownSdCardErrors(page: Page): Promise<{ sdCard: Locator; before: number }> {
  const sdCard = sdCardErrorCount(page);
  await expect(sdCard).toBeVisible({ timeout: 30_000 });
  return { sdCard, before: Number(await sdCard.textContent()) };
}
