import { slowJourney, test } from '../support/fixtures.ts';
import { incidentRows, openIncidents, openTimeline } from '../support/incidents.ts';
import { signInAs } from '../support/sign-in.ts';

// Sign-in runs SRP in the browser; a shared machine is slow.
const expect = slowJourney(180_000);
// A dealer company of its own, whose customers' devices the seed left with open and resolved incidents.
test.use({ companyKind: 'dealer' });

test('open incidents: filter, acknowledge one, read its timeline', async ({ page, company }) => {
  await signInAs(page, company.owner);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Incidents' })
    .click();
  await expect(page).toHaveURL(/\/incidents$/);
  await openIncidents(page);
  const rows = incidentRows(page);
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeVisible();

  // Filters go to the URL and to the server: only camera incidents, of every state.
  const state = page.getByRole('group', { name: 'State' });
  const listed = (query: RegExp) =>
    page.waitForResponse(
      (r) => /\/api\/user-portal\/companies\/incidents\?/.test(r.url()) && query.test(r.url()),
    );
  let answer = listed(/state=all/);
  await state.getByRole('button', { name: 'All' }).click();
  await answer;
  answer = listed(/category=CAMERA/);
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Camera related' }).click();
  await answer;
  await expect(page).toHaveURL(/state=all/);
  await expect(page).toHaveURL(/category=CAMERA/);
  // The list renders the answer in the background (a deferred value): poll until only cameras are shown.
  await expect
    .poll(async () => new Set(await rows.locator('td:first-child p').allTextContents()))
    .toEqual(new Set(['Camera related']));

  // Back to the open ones nobody acknowledged yet; acknowledge the first.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await state.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/incidents$/);
  const row = rows.filter({ has: page.getByRole('button', { name: 'Acknowledge' }) }).first();
  const id = await row.getAttribute('data-incident-id');
  const mine = page.locator(`[data-testid="incident-row"][data-incident-id="${id}"]`);
  await mine.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByText('Saved successfully!')).toBeVisible();
  await expect(mine.getByText(company.owner.name)).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);

  // Its timeline: opened, then acknowledged by the owner; the drawer's URL can be shared.
  const drawer = await openTimeline(mine);
  await expect(page).toHaveURL(new RegExp(`incident=${id}`));
  await expect(drawer.getByTestId('timeline-event').first()).toHaveText(
    new RegExp(`^Acknowledged by ${company.owner.name}`),
  );
  await expect(drawer.getByTestId('timeline-event').last()).toHaveText(/^(Opened|Reopened)/);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/incident=/);

  // It stays acknowledged after a reload (the server's state, not the page's).
  await page.reload();
  await expect(
    page.locator(`[data-testid="incident-row"][data-incident-id="${id}"]`).getByText(company.owner.name),
  ).toBeVisible();
});

test('on a phone the cards are drawn as far as the reader scrolls', async ({ page, company }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, company.owner);
  await openIncidents(page, { state: 'all' });
  // Tens of this dealer's incidents on the first page ("45 incidents", or "50 of 312 incidents"; at least 27
  // in 20,000 generated dealers), of which a phone's screen shows three or four. Drawn down to a screen
  // below, in steps of eight, the cards stop at 16 or 24.
  const count = await page.getByTestId('incident-count').textContent();
  const listed = Number(/^(\d+)/.exec(count ?? '')?.[1]);
  expect(listed).toBeGreaterThan(24);
  const rows = incidentRows(page);
  await expect(rows.first()).toBeVisible();
  // Once the page has nothing left to do (two idle periods), only the cards down to a screen below are there.
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))),
  );
  expect(await rows.count()).toBeLessThan(listed);

  // Scrolling down draws the rest, a few cards at a time.
  await expect(async () => {
    await page.mouse.wheel(0, 2000);
    await expect(rows).toHaveCount(listed, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await page.mouse.wheel(0, 20_000);
  await expect(rows.last()).toBeInViewport();
});
