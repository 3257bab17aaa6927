import type { Page } from 'playwright-core';

/**
 * Makes /login ready to type into, on either design, so one bench measures before and after (`--baseline`):
 * a key press that types nothing is the visitor's first use (web/public/login-boot.js), after which either
 * the app has taken the pre-rendered form over (its own form in #root: main before issue 24's sign-in
 * without React) or the pre-rendered form's own sign-in script is there (`data-ready`).
 */
export async function readyLoginForm(page: Page, timeout = 120_000): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator('#prerendered-login-form[data-ready], #root form').first().waitFor({ timeout });
}
