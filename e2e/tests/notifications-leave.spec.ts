import { slowJourney, test } from '../support/fixtures.ts';
import { signInAs } from '../support/sign-in.ts';

// Sign-in runs SRP in the browser; a shared machine is slow.
const expect = slowJourney(180_000);
test.use({ companyKind: 'dealer' });

/**
 * Issue 23 point 11: a changed notification setting is not dropped silently. Another entry of the main
 * navigation asks SPEC §2's leave confirmation; Stay keeps the change, Leave drops it; a reload gets the
 * browser's own prompt.
 */
test('leaving the notification settings with an unsaved change asks first', async ({ page, company }) => {
  await signInAs(page, company.owner);
  await page.goto('/my-company/notifications');
  const settings = page.getByRole('form', { name: 'My e-mail notifications' });
  const reminders = settings.getByRole('switch', { name: 'Reminders while an incident stays open' });
  await expect(reminders).toBeChecked();
  await reminders.click();
  await expect(reminders).not.toBeChecked();

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
  await expect(leave).toContainText('Your changes will lost if you leave.');
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/my-company\/notifications$/);
  await expect(reminders).not.toBeChecked();

  // A reload or closing the tab: the browser's own prompt (dismissed here, so the page stays).
  const prompt = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    });
  });
  void page.reload().catch(() => undefined);
  expect(await prompt).toBe('beforeunload');
  await expect(reminders).not.toBeChecked();

  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Nothing was saved: the settings open as they were.
  await page.goto('/my-company/notifications');
  await expect(
    page
      .getByRole('form', { name: 'My e-mail notifications' })
      .getByRole('switch', { name: 'Reminders while an incident stays open' }),
  ).toBeChecked();
});
