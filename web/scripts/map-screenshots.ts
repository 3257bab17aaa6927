/**
 * Screenshots of the customer list's map (clusters over the bundled country outlines, tiles refused as on an
 * air-gapped site) in light and dark, English and zh-TW, 1440 and 390 px, against a running real server.
 *
 *   npm run build -w web && DATA_DIR=/tmp/map-large DEMO_SIZE=large PORT=8192 npm run serve &
 *   DATA_DIR=/tmp/map-large npx tsx web/scripts/map-screenshots.ts --email owner@atlas-security.example --out /tmp/map-shots
 *
 * The password is the account's demo password (from $DATA_DIR) unless --password gives one.
 */
import { parseArgs } from 'node:util';
import { forEachCombo, runScreenshots, SCREENSHOT_OPTIONS, shoot, signIn } from './screenshot-harness.ts';

const { values } = parseArgs({
  options: {
    ...SCREENSHOT_OPTIONS,
    email: { type: 'string', default: 'owner@northwind.example' },
    password: { type: 'string' },
    out: { type: 'string', default: '/tmp/map-screenshots' },
  },
});

await runScreenshots(async (run) => {
  const storageState = await signIn(run, values.email, values.password);
  await forEachCombo(run, { storageState }, async (page, combo, context) => {
    // Nothing but the portal answers: the map has no tiles, as on an air-gapped site.
    await context.route(
      (url) => url.hostname !== new URL(run.base).hostname,
      (route) => route.abort(),
    );
    await page.goto('/account?view=mapMode');
    await page.locator('.leaflet-marker-icon, .leaflet-interactive').first().waitFor({ timeout: 60_000 });
    await shoot(run, page, `map-${combo.id}`, { pause: 800 });
  });
}, values);
