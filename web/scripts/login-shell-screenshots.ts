/**
 * The pre-rendered sign-in page (web/prerender/login-shell.ts) before any script arrives (assets refused),
 * the form's own messages (its script answering an unknown account), and the app's login page after a
 * hand-over ('Sign in with a passkey'), side by side per combination: `login-shell-<combo>.png`,
 * `login-shell-failure-<combo>.png` and `login-app-<combo>.png`. Theme left at System (the browser's scheme).
 *
 *   DATA_DIR=… npx tsx web/scripts/login-shell-screenshots.ts --base http://localhost:8192 [--out DIR]
 */
import { forEachCombo, runScreenshots, shoot } from './screenshot-harness.ts';

await runScreenshots(async (run) => {
  await forEachCombo(run, { pinTheme: false }, async (page, combo, context) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    await page.locator('#prerendered-login-form').waitFor();
    await shoot(run, page, `login-shell-${combo.id}`, { pause: 100 });

    const form = await context.newPage();
    await form.goto('/login');
    await form.keyboard.press('Shift'); // the form's own script loads on the visitor's first use of the page
    await form.locator('#prerendered-login-form[data-ready]').waitFor();
    await form.locator('#pl-email').fill('nobody-here@e2e.example');
    await form.locator('#pl-password').fill('Whatever-1');
    await form.locator('#prerendered-login-form button[type="submit"]').click();
    await form.locator('#pl-alert:not(:empty)').waitFor({ timeout: 120_000 });
    await form.locator('#pl-email').blur();
    await shoot(run, form, `login-shell-failure-${combo.id}`, { pause: 100 });

    const app = await context.newPage();
    await app.goto('/login');
    await app.keyboard.press('Shift');
    await app.locator('#prerendered-login-form[data-ready]').waitFor();
    await app.locator('[data-passkey]').click(); // hands over to the app's login page
    await app.locator('#prerendered-login').waitFor({ state: 'detached' });
    await shoot(run, app, `login-app-${combo.id}`);
  });
});
