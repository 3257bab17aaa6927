import type { Route } from '@playwright/test';
import { slowJourney, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { readResetCode } from '../support/mailbox.ts';
import { gotoLogin, signIn } from '../support/sign-in.ts';

// Each sign-in runs SRP in the browser; on a shared machine that takes seconds.
const expect = slowJourney(180_000);
test.describe('forgot password', () => {
  test('a code from the mailbox and a new password reset it; a wrong code is refused', async ({
    members,
    page,
    request,
  }) => {
    const member = await members.createActive({ prefix: 'reset' });
    await gotoLogin(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page).toHaveTitle(/^Reset password \| /);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();

    const sentAt = new Date();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(
      page.getByText(`We sent a verification code to ${member.email}.`, { exact: false }),
    ).toBeVisible();
    const code = await readResetCode(request, member.email, sentAt);

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByLabel('New password', { exact: true }).fill('Reset-Pass-42');
    await page.getByLabel('Confirm password', { exact: true }).fill('Reset-Pass-42');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect code. Please check your code which we sent.');

    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Changed successfully!')).toBeVisible();

    await signIn(page, member.email, 'Reset-Pass-42');
    await expect(page).toHaveURL(/\/account$/);
  });

  test('an e-mail typed while the reset page is still loading is the one the code goes to', async ({
    members,
    page,
  }) => {
    const member = await members.createActive({ prefix: 'reset-slow' });
    await gotoLogin(page);
    // A slow network: the reset page's chunk arrives only when the test lets it.
    const held: Route[] = [];
    let released = false;
    await page.route('**/assets/ResetPasswordPage-*.js', (route) =>
      released ? route.continue() : void held.push(route),
    );
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // /login stays on screen until the chunk is there; the user types into the Email field shown.
    await page.getByLabel('Email').fill(member.email);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    released = true;
    await Promise.all(held.map((route) => route.continue()));

    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(member.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(
      page.getByText(`We sent a verification code to ${member.email}.`, { exact: false }),
    ).toBeVisible();
  });

  test('back to login, and the steps in Traditional Chinese', async ({ members, page }) => {
    const member = await members.createActive({ prefix: 'reset-zh' });
    await useLanguage(page, 'zh-TW');
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: '重設密碼' })).toBeVisible();
    await page.getByRole('button', { name: '寄送驗證碼' }).click();
    await expect(page.getByText('此欄位不可空白。')).toBeVisible();
    await page.getByLabel('電子郵件').fill(member.email);
    await page.getByRole('button', { name: '寄送驗證碼' }).click();
    await expect(page.getByLabel('驗證碼')).toBeVisible();
    await page.getByLabel('驗證碼').fill('000001');
    await page.getByLabel('新密碼', { exact: true }).fill('Reset-Pass-42');
    await page.getByLabel('確認密碼', { exact: true }).fill('Reset-Pass-42');
    await page.getByRole('button', { name: '重設密碼' }).click();
    await expect(page.getByRole('alert')).toHaveText('驗證碼不正確，請確認我們寄給您的驗證碼。');
    await page.getByRole('link', { name: '返回登入' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
