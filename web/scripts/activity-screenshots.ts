/**
 * Screenshots of My Company → Activity (issue 27 item 3) against a running real server, in light and dark,
 * English and zh-TW, 1440 and 390 px: the owner's log, the log filtered to remote access, a member's own
 * entries. Each screen is also checked with axe (WCAG 2.1 AA); violations are printed and fail the run.
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/activity-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * Signs in as the demo dealer owner@northwind.example and member@northwind.example through /login (the
 * sign-ins are themselves entries); reads the demo's remote-access history. Changes nothing else.
 */
import type { Page } from 'playwright-core';
import {
  type Combo,
  checkAccessibility,
  forEachCombo,
  type Run,
  runScreenshots,
  shoot,
  signIn,
} from './screenshot-harness.ts';

async function showList(page: Page, url: string) {
  await page.goto(url);
  await page.getByTestId('activity-entry').first().waitFor({ timeout: 30_000 });
}

async function shootOwner(run: Run, page: Page, combo: Combo) {
  const shot = (name: string) =>
    shoot(run, page, `activity-${name}-${combo.id}`, { fullPage: true, pause: 400 });
  await showList(page, '/my-company/activity');
  await checkAccessibility(run, page, `activity-owner-${combo.id}`);
  await shot('owner');
  await showList(page, '/my-company/activity?action=remote-access');
  await shot('remote-access');
  // The last week, as yy/mm/dd fields, and the From field's calendar open.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await showList(page, `/my-company/activity?since=${day(7)}&until=${day(0)}`);
  await page.locator('.MuiPickersTextField-root').first().waitFor();
  await shot('dates');
  await page
    .getByRole('button', { name: /^(Choose date|選擇日期)/ })
    .first()
    .click();
  await page.locator('.MuiDateCalendar-root').waitFor();
  await shot('date-picker');
  await page.keyboard.press('Escape');
}

await runScreenshots(async (run) => {
  const owner = await signIn(run, 'owner@northwind.example');
  await forEachCombo(run, { storageState: owner }, (page, combo) => shootOwner(run, page, combo));
  const member = await signIn(run, 'member@northwind.example');
  await forEachCombo(run, { storageState: member }, async (page, combo) => {
    // The member has not watched the welcome video yet; it is not this screen's subject.
    await page.context().route('**/api/reseller/v1/me', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { profile: Record<string, unknown> };
      body.profile.welcomeVideoSeen = true;
      await route.fulfill({ response, json: body });
    });
    await showList(page, '/my-company/activity');
    await shoot(run, page, `activity-member-${combo.id}`, { fullPage: true, pause: 400 });
  });
});
