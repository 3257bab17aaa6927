import { openAccountMenu, openMyCompany } from '../support/company.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { signIn } from '../support/sign-in.ts';

// Each sign-in runs SRP in the browser; on a shared machine that takes seconds.
const expect = slowJourney(180_000);
test.describe('change password', () => {
  test('wrong current password, persistence, then success', async ({ members, page }) => {
    const member = await members.createActive({ prefix: 'change' });
    await signIn(page, member.email, member.password);
    await page.goto('/my-company?changePassword=1');
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await expect(dialog).toBeVisible();

    // Persistent: a click outside does not close it.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Current password', { exact: true }).fill('Not-My-Pass1');
    await dialog.getByLabel('New password', { exact: true }).fill('Changed-Pass-7');
    await dialog.getByLabel('Confirm password', { exact: true }).fill('Changed-Pass-7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Incorrect password.')).toBeVisible();

    await dialog.getByLabel('Current password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Changed successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/my-company$/);
  });

  test('opened from Profile settings: leaving a modified form asks, and the profile keeps its edits', async ({
    members,
    page,
  }) => {
    const member = await members.createActive({ prefix: 'change-profile' });
    await signIn(page, member.email, member.password);
    await openMyCompany(page);
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile settings' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile settings' });
    await profile.getByLabel('Name').fill(`Edited ${member.name}`);
    await profile.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password', { exact: true }).fill('Half-typed-1');

    // Escape on a modified form asks first; Stay keeps what was typed.
    await page.keyboard.press('Escape');
    const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
    await expect(leave).toContainText('Your changes will lost if you leave.');
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(dialog.getByLabel('Current password', { exact: true })).toHaveValue('Half-typed-1');
    // Cancel asks too; Leave returns to the profile with its unsaved name.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect(dialog).toBeHidden();
    await expect(profile.getByLabel('Name')).toHaveValue(`Edited ${member.name}`);
    await expect(profile.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  test('too many wrong current passwords close the dialog and open the lockout advice; Reset signs out', async ({
    members,
    page,
  }) => {
    const member = await members.createActive({ prefix: 'change-limit' });
    await useLanguage(page, 'zh-TW');
    await signIn(page, member.email, member.password);
    await page.goto('/my-company?changePassword=1');
    const dialog = page.getByRole('dialog', { name: '變更密碼' });
    const advice = page.getByRole('dialog', { name: '密碼嘗試次數過多' });
    await dialog.getByLabel('新密碼', { exact: true }).fill('Changed-Pass-7');
    await dialog.getByLabel('確認密碼', { exact: true }).fill('Changed-Pass-7');
    for (let attempt = 1; attempt <= 8 && !(await advice.isVisible()); attempt += 1) {
      await dialog.getByLabel('目前密碼', { exact: true }).fill(`Wrong-Pass-${attempt}`);
      await dialog.getByRole('button', { name: '儲存' }).click();
      await expect(dialog.getByText('密碼不正確。').or(advice)).toBeVisible();
    }
    await expect(advice).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(advice).toContainText('請於 15 分鐘後再試');
    await advice.getByRole('button', { name: '重設' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goto('/my-company');
    await expect(page).toHaveURL(/\/login$/);
  });
});
