/**
 * The pre-rendered sign-in page (web/prerender/login-shell.ts) before any script of the app arrives (the
 * app's assets are refused), and the same page once the app took it over, side by side per combination:
 * `login-shell-<combo>.png` and `login-app-<combo>.png`. Theme left at System (the browser's scheme).
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
    const app = await context.newPage();
    await app.goto('/login');
    await app.keyboard.press('Shift'); // the app loads on the visitor's first use of the page
    await app.locator('#prerendered-login').waitFor({ state: 'detached' });
    await shoot(run, app, `login-app-${combo.id}`);
  });
});
