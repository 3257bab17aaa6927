/**
 * Screenshots of the two brands on one server (decision 0022): the sign-in page under the Lumora host and
 * under the Kestrel Eye host, and the signed-in shell of Jade Harbor (vendor kestrel) reached under the Lumora
 * host, with its account menu, in light and dark, English and zh-TW, 1440 and 390 px.
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) BRAND_HOSTS=127.0.0.1=kestrel npm run serve &
 *   DATA_DIR=… npx tsx web/scripts/brand-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * The Kestrel Eye host is --base with localhost replaced by 127.0.0.1 (--kestrel-base to name another).
 */
import { parseArgs } from 'node:util';
import {
  comboContext,
  combos,
  runScreenshots,
  SCREENSHOT_OPTIONS,
  settle,
  shoot,
  signIn,
} from './screenshot-harness.ts';

const { values } = parseArgs({ options: { ...SCREENSHOT_OPTIONS, 'kestrel-base': { type: 'string' } } });
const kestrelBase = values['kestrel-base'] ?? values.base.replace('localhost', '127.0.0.1');

await runScreenshots(async (run) => {
  const jadeHarbor = await signIn(run, 'owner@jadeharbor.example');
  for (const combo of combos(run.only)) {
    for (const [brand, base] of [
      ['lumora', run.base],
      ['kestrel', kestrelBase],
    ] as const) {
      const context = await comboContext({ ...run, base }, combo, { pinTheme: false });
      const page = await context.newPage();
      await page.goto('/login');
      await page.waitForSelector('main h1');
      await settle(page);
      await shoot(run, page, `brand-login-${brand}-host-${combo.widthFirstId}`);
      await context.close();
    }
    const context = await comboContext(run, combo, { storageState: jadeHarbor });
    await context.route(/tile/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.waitForSelector('main h1');
    await settle(page);
    await shoot(run, page, `brand-kestrel-company-shell-${combo.widthFirstId}`);
    await page.getByRole('button', { name: /^(Account|帳號)/ }).click();
    await settle(page);
    await shoot(run, page, `brand-kestrel-company-menu-${combo.widthFirstId}`);
    await context.close();
    console.info(`done ${combo.id}`);
  }
}, values);
