import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { animationsFinished } from '../../browser-kit/animations.ts';
import { withoutChangeStream } from '../../browser-kit/change-stream.ts';
import { openMyCompany, resellerCall, sessionTokenOf } from '../support/company.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { signInAs } from '../support/sign-in.ts';
import { auditTouch } from '../support/touch-audit.ts';

// An SRP sign-in in the browser and a few screens; on a shared machine each takes seconds.
const expect = slowJourney(180_000);

/*
 * Issue 27 item 3: the owner changes something, finds it under My Company → Activity as a sentence with the
 * values before and after, filters through the URL and exports the filtered range as CSV.
 */
test('the owner renames the company, sees it in Activity, filters and exports it', async ({
  page,
  company,
}) => {
  const { owner } = company;
  const original = company.name;
  const renamed = `${original} Ltd`;
  await signInAs(page, owner);
  await openMyCompany(page);
  const info = page.getByRole('region', { name: 'Company information' });
  try {
    await info.getByRole('button', { name: 'Edit company name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit company name' });
    await dialog.getByLabel('Company name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved successfully!')).toBeVisible();

    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/\/my-company\/activity$/);
    const entries = page.getByTestId('activity-entry');
    const rename = entries.filter({ hasText: `${owner.name} renamed the company to ${renamed}` });
    await expect(rename).toHaveCount(1);
    await expect(rename.locator('del')).toHaveText(original);
    await expect(rename.locator('ins')).toHaveText(renamed);
    // This browser's sign-in is there too, with where it came from.
    await expect(entries.filter({ hasText: `${owner.name} signed in` }).first()).toContainText('127.0.0.1');

    // Filters go to the URL: only sign-ins, then only company changes.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Sign-ins' }).click();
    await expect(page).toHaveURL(/[?&]action=user\.sign-in(&|$)/);
    await expect(rename).toHaveCount(0);
    await expect(entries.first()).toContainText(`${owner.name} signed in`);
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Company', exact: true }).click();
    await expect(page).toHaveURL(/[?&]action=company(&|$)/);
    await expect(rename).toHaveCount(1);
    await expect(entries.filter({ hasText: 'signed in' })).toHaveCount(0);

    // The same view after a reload: the filter lives in the URL.
    await page.reload();
    await expect(rename).toHaveCount(1);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = (await readFile(file, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,at,action,actor_type,actor_id,actor_email,actor_name,target_type/);
    expect(lines.slice(1).every((line) => line.split(',')[2]?.startsWith('company.'))).toBe(true);
    expect(lines.some((line) => line.includes('company.update') && line.includes(renamed))).toBe(true);
  } finally {
    // The old name back through the API, as a script would.
    const token = await sessionTokenOf(page);
    const restored = await resellerCall(page.request, token, 'PATCH', '/v1/companies/info', {
      name: original,
    });
    expect(restored.ok()).toBe(true);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // The change stream keeps the network busy; the screen is checked once it has settled (as touch-390).
  test.beforeEach(({ context }) => withoutChangeStream(context));

  test('Activity at 390 px: cards, nothing sideways, every target a finger’s size, no axe finding', async ({
    page,
    company,
  }) => {
    await signInAs(page, company.owner);
    await page.goto('/my-company/activity');
    await expect(page.getByTestId('activity-entry').first()).toBeVisible();
    // The date fields' code follows the list.
    await expect(page.getByRole('group', { name: 'From' })).toBeVisible();
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
    await animationsFinished(page);
    const audit = await auditTouch(page);
    expect.soft(audit.overflow).toBeLessThanOrEqual(0);
    expect.soft(audit.smallTargets).toEqual([]);
    expect.soft(audit.tables).toEqual([]);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // A day from the phone's calendar dialog: the URL takes it, the field shows it as yy/mm/dd.
    const from = page.getByRole('group', { name: 'From' });
    await page
      .getByRole('button', { name: /^Choose date/ })
      .first()
      .click();
    const calendar = page.getByRole('dialog');
    await calendar.locator('[aria-current="date"]').click();
    await calendar.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/[?&]since=\d{4}-\d{2}-\d{2}(&|$)/);
    const since = new URL(page.url()).searchParams.get('since')!;
    await expect(from.getByRole('spinbutton')).toHaveText(since.slice(2).split('-'));
    // Clear, in the same dialog, lifts the filter.
    await page
      .getByRole('button', { name: /^Choose date/ })
      .first()
      .click();
    await calendar.getByRole('button', { name: 'Clear' }).click();
    await expect(page).not.toHaveURL(/since=/);
  });
});
