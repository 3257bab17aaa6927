/**
 * Screenshots of the shell against a running real server: not-found and the portal layout (/login) signed
 * out, the main layout (the customer map) and the internal layout (a customer's devices) signed in, in light
 * and dark, English and zh-TW, 1440 and 390 px; once (en, light) the start-up failure screen, the navigation
 * expanded at 1440 px and its drawer at 390 px.
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/shell-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * Signs in as the demo dealer owner@northwind.example through /login. PNGs in screenshots/.
 */
import type { Page } from 'playwright-core';
import {
  type Combo,
  comboContext,
  combos,
  linkedId,
  type Run,
  runScreenshots,
  type StorageState,
  shoot,
  signIn,
} from './screenshot-harness.ts';

/** The first customer of the dealer's list. */
async function firstCustomer(page: Page): Promise<string> {
  await page.goto('/account');
  return linkedId(page.getByRole('article').first().locator('a').first());
}

async function shootLayouts(run: Run, combo: Combo, session: StorageState, orgId: string) {
  const shots = [
    { name: 'not-found', path: '/no-such-page', signedIn: false },
    { name: 'login', path: '/login', signedIn: false },
    { name: 'main-customers', path: '/account?view=mapMode', signedIn: true },
    { name: 'internal-detail', path: `/account/${orgId}/device`, signedIn: true },
  ];
  for (const shot of shots) {
    const context = await comboContext(run, combo, {
      ...(shot.signedIn ? { storageState: session } : {}),
      pinTheme: false,
    });
    // No internet on the test machine: refuse map tiles at once.
    await context.route(/tile/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(shot.path);
    await page.waitForSelector('main h1, main h2');
    await shoot(run, page, `${shot.name}-${combo.widthFirstId}`);
    await context.close();
  }
}

/** The start-up failure screen, the navigation expanded to full width, and its drawer at 390 px. */
async function shootNavigation(run: Run, combo: Combo, session: StorageState) {
  const context = await comboContext(run, combo, { storageState: session, pinTheme: false });
  const page = await context.newPage();
  await page.route('**/api/config', (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.goto('/login');
  await page.waitForSelector('[role="alert"]');
  await shoot(run, page, 'config-error-1440-light-en');
  await page.unroute('**/api/config');
  await page.goto('/dashboard');
  await page.waitForSelector('main h1');
  await page.getByRole('button', { name: 'Expand navigation' }).click();
  await shoot(run, page, 'main-nav-expanded-1440-light-en', { pause: 400 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await shoot(run, page, 'main-nav-drawer-390-light-en', { pause: 400 });
  await context.close();
}

await runScreenshots(async (run) => {
  const session = await signIn(run, 'owner@northwind.example');
  let orgId = '';
  for (const combo of combos(run.only)) {
    if (!orgId) {
      const context = await comboContext(run, combo, { storageState: session });
      orgId = await firstCustomer(await context.newPage());
      await context.close();
    }
    await shootLayouts(run, combo, session, orgId);
    if (combo.id === 'en-light-1440') await shootNavigation(run, combo, session);
    console.info(`done ${combo.id}`);
  }
});
