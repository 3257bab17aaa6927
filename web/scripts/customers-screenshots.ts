/**
 * Screenshots of the customer pages (list cards and map, detail tabs, device detail, metadata editor,
 * remote-access dialog; the overview also while its answers are on the way) against a running real server, in light and dark, English and zh-TW, 1440 and 390 px.
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/customers-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * Signs in as the demo dealer owner@northwind.example through /login. The Requesting state of remote access
 * is captured once (en, light, 1440) and aborted right after. PNGs in screenshots/ (screenshot-harness.ts).
 */
import { forEachCombo, linkedId, runScreenshots, shoot, signIn } from './screenshot-harness.ts';

await runScreenshots(async (run) => {
  const storageState = await signIn(run, 'owner@northwind.example');
  let orgId = '';
  await forEachCombo(run, { storageState }, async (page, combo, context) => {
    const shot = (name: string, fullPage = true) =>
      shoot(run, page, `customers-${name}-${combo.id}`, { fullPage });
    // No internet on the test machine: refuse tiles at once; the map shows its bundled country outlines instead.
    await context.route(/tile/, (route) => route.abort());

    await page.goto('/account');
    await page.getByRole('article').first().waitFor();
    await shot('list-cards', false);
    orgId ||= await linkedId(page.getByRole('article').first().locator('a').first());
    await page.goto('/account?view=mapMode');
    await page.locator('.leaflet-interactive').first().waitFor({ timeout: 15_000 });
    await shot('list-map', false);

    // The overview while its answers are held back, then once they arrived: the cards have the same shape.
    let release = () => {};
    const answersHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const overviewAnswers = /\/organizations\/[^/]+\/(info|metadata|sites|statistics)/;
    await page.route(overviewAnswers, async (route) => {
      await answersHeld;
      await route.fallback();
    });
    await page.goto(`/account/${orgId}/overview`);
    await page.getByRole('heading', { name: /Main contact|主要聯絡人/ }).waitFor();
    await shot('overview-loading', false);
    release();
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await page.unroute(overviewAnswers);
    await shot('overview-loaded', false);
    await shot('overview');
    await page.goto(`/account/${orgId}/overview?view=mapMode`);
    await page.locator('.leaflet-interactive').first().waitFor({ timeout: 15_000 });
    await shot('overview-map');

    await page.goto(`/account/${orgId}/overview`);
    await page.getByRole('button', { name: /^(Edit|編輯)$/ }).click();
    await page.getByRole('dialog').waitFor();
    await shot('metadata-editor', false);
    await page.getByRole('dialog').getByRole('textbox').first().fill('Changed name');
    await page.getByRole('button', { name: /^(Cancel|取消)$/ }).click();
    await shot('metadata-leave', false);
    await page.getByRole('button', { name: /^(Leave|離開)$/ }).click();

    await page.goto(`/account/${orgId}/device`);
    await page.getByTestId('device-row').first().waitFor({ timeout: 30_000 });
    await shot('device', false);
    await page.getByTestId('device-row').first().getByRole('button').click();
    await page.getByRole('dialog').waitFor();
    await shot('device-detail', false);
    await page.getByRole('button', { name: /^(Close|關閉)$/ }).click();
    await page.goto(`/account/${orgId}/device?status=abnormal&category=CAMERA`);
    await page.getByTestId('device-count').waitFor();
    await shot('device-filtered', false);

    await page.goto(`/account/${orgId}/license`);
    await page
      .getByRole('heading', { name: /Sites and devices without license|無授權的站點與裝置/ })
      .waitFor();
    await shot('license');

    await page.goto(`/account/${orgId}/overview`);
    await page.getByRole('button', { name: /^(Remote access|遠端存取)$/ }).click();
    await page.getByRole('radiogroup').waitFor();
    await shot('remote-select', false);
    // A server nobody has asked for yet: its confirmation, and (once) its Requesting state, then Abort.
    await page
      .locator('label', { hasText: /Not enabled|未啟用/ })
      .first()
      .click();
    await page.getByRole('button', { name: /^(Next|下一步)$/ }).click();
    await shot('remote-confirm', false);
    if (combo.id === 'en-light-1440') {
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.getByRole('button', { name: 'Abort' }).waitFor();
      await shot('remote-requesting', false);
      await page.getByRole('button', { name: 'Abort' }).click();
      await page.getByRole('radiogroup').waitFor();
    }
  });
});
