/**
 * Screenshots of the offline screens (issue 24 point 7) against a running real server, in light and dark,
 * English and zh-TW, 1440 and 390 px: a customer kept on screen under 'Offline — last updated HH:mm', and a
 * page opened offline without data ('You are offline' with Try again), each with the network cut.
 *
 *   npm run build -w web && MODE=demo PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/offline-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * Signs in as the demo dealer owner@northwind.example. Changes nothing on the server. PNGs in screenshots/.
 */
import { forEachCombo, linkedId, runScreenshots, shoot, signIn } from './screenshot-harness.ts';

await runScreenshots(async (run) => {
  const storageState = await signIn(run, 'owner@northwind.example');
  let orgId = '';
  await forEachCombo(run, { storageState }, async (page, combo, context) => {
    await page.goto('/account');
    orgId ||= await linkedId(page.getByRole('article').first().getByRole('link').first());
    // The service worker precaches the app first: offline pages come from it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 120_000,
    });
    await page.goto(`/account/${orgId}/overview`);
    await page.getByTestId('updated-at').first().waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    await page.getByTestId('offline-notice').waitFor();
    await shoot(run, page, `offline-customer-${combo.id}`);
    await page.goto('/incidents');
    await page.getByTestId('offline-screen').waitFor();
    await shoot(run, page, `offline-screen-${combo.id}`);
  });
});
