import { slowJourney, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { gotoLogin, signIn, submitLogin } from '../support/sign-in.ts';

// Each sign-in runs SRP in the browser; on a shared machine that takes seconds.
const expect = slowJourney(180_000);
test.describe('set a new password', () => {
  test('is reachable only while a new-password challenge is pending', async ({ page }) => {
    await page.goto('/set-new-password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a member on a temporary password sets one with the live checklist and is signed in', async ({
    members,
    page,
  }) => {
    const member = await members.create({ prefix: 'newpw' });
    await gotoLogin(page);
    await submitLogin(page, member.email, member.temporaryPassword);
    await expect(page).toHaveURL(/\/set-new-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();

    const rules = page.locator('#new-password-rules li');
    await expect(rules).toHaveText([
      /^8-64 characters with no space/,
      /^At least one uppercase alphabetic character/,
      /^At least one lowercase alphabetic character/,
      /^One numeric character/,
    ]);
    const newPassword = page.getByLabel('New password', { exact: true });
    await newPassword.fill('abc');
    await expect(rules.and(page.locator('[data-passed="true"]'))).toHaveCount(1);
    await newPassword.fill('Abcdefg1');
    await expect(rules.and(page.locator('[data-passed="true"]'))).toHaveCount(4);

    await page.getByLabel('Confirm password', { exact: true }).fill('Abcdefg2');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Password do not match')).toBeVisible();

    await newPassword.fill('short');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Invalid password')).toBeVisible();

    await newPassword.fill('My-Own-Pass1');
    await page.getByLabel('Confirm password', { exact: true }).fill('My-Own-Pass1');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/account$/);

    // The temporary password is gone; the new one works.
    await page.evaluate('localStorage.clear()');
    await signIn(page, member.email, 'My-Own-Pass1');
    await expect(page).toHaveURL(/\/account$/);
  });

  test('in Traditional Chinese', async ({ members, page }) => {
    const member = await members.create({ prefix: 'newpw-zh' });
    await useLanguage(page, 'zh-TW');
    await gotoLogin(page);
    await submitLogin(page, member.email, member.temporaryPassword);
    await expect(page.getByRole('heading', { level: 1, name: '設定新密碼' })).toBeVisible();
    await expect(page.getByText('8 至 64 個字元，不可包含空格')).toBeVisible();
    await page.getByLabel('新密碼', { exact: true }).fill('Abcdefg1');
    await page.getByLabel('確認密碼', { exact: true }).fill('Abcdefg2');
    await page.getByRole('button', { name: '確認' }).click();
    await expect(page.getByText('密碼不一致')).toBeVisible();
  });
});
