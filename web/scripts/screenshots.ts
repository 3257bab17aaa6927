/**
 * Screenshots of the shell for review: not-found, the portal layout (/login), the main layout (/account)
 * and the internal layout (/account/:orgId), in light and dark, English and zh-TW, 1440 and 390 px wide.
 *
 *   npm run screenshots -w web          # writes /work/main/screenshots/*.png (gitignored)
 *
 * Runs Vite's dev server with two script-only stubs: GET /api/config answers a fixed config when no real
 * server is on :8080, and the auth services module is swapped for scripts/screenshot-session.ts.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';
import { launchChromium } from '../../e2e/support/chromium.ts';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = fileURLToPath(new URL('../../screenshots/', import.meta.url));
const sessionStub = fileURLToPath(new URL('./screenshot-session.ts', import.meta.url));
const brand = process.env.BRAND === 'kestrel' ? 'kestrel' : 'lumora';

const stubConfig = {
  brand,
  mode: 'demo',
  version: 'screenshots',
  services: {
    identity: '/api/identity',
    reseller: '/api/reseller',
    userPortal: '/api/user-portal',
    userPortalAuth: '/api/user-portal-auth',
    platform: '/api/platform',
    monitoring: '/api/monitoring',
    obm: '/api/obm',
    default: '/api/default',
  },
  identity: { region: 'us-west-2', userPoolId: 'us-west-2_screens', userPoolClientId: 'screens' },
  map: { tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: '© map' },
  userPortalUrl: 'https://portal.example/',
};

const screenshotStubs: Plugin = {
  name: 'screenshot-stubs',
  enforce: 'pre',
  configureServer(server) {
    server.middlewares.use('/api/config', (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(stubConfig));
    });
  },
  resolveId(source, importer) {
    if (importer?.endsWith('/src/main.tsx') && source === './shared/session/create-auth-services.ts')
      return sessionStub;
    return null;
  },
};

const shots = [
  { name: 'not-found', path: '/no-such-page', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'main-customers', path: '/account?view=mapMode', signedIn: true },
  { name: 'internal-detail', path: '/account/org-1/device', signedIn: true },
] as const;
const viewports = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;
const schemes = ['light', 'dark'] as const;
const locales = ['en', 'zh-TW'] as const;

const server = await createServer({
  root: webRoot,
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  plugins: [screenshotStubs],
  server: { port: 5179, strictPort: true, proxy: {} },
  logLevel: 'warn',
});
await server.listen();
const base = 'http://localhost:5179';

const browser = await launchChromium();

try {
  await mkdir(outDir, { recursive: true });
  for (const viewport of viewports) {
    for (const scheme of schemes) {
      for (const locale of locales) {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          colorScheme: scheme,
          locale,
        });
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`[${locale} ${scheme}] page error:`, error.message));
        for (const shot of shots) {
          await page.goto(`${base}/`);
          await page.evaluate(
            (signedIn) =>
              signedIn
                ? localStorage.setItem('screenshots.signed-in', 'yes')
                : localStorage.removeItem('screenshots.signed-in'),
            shot.signedIn,
          );
          await page.goto(`${base}${shot.path}`);
          await page.waitForLoadState('networkidle');
          await page.waitForSelector('main h1, main h2');
          await page.waitForTimeout(300);
          const file = `${outDir}${shot.name}-${viewport.name}-${scheme}-${locale}.png`;
          await page.screenshot({ path: file });
          console.info('wrote', file);
        }
        await context.close();
      }
    }
  }

  // The start-up failure screen, and the navigation expanded to full width.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.route('**/api/config', (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.goto(`${base}/login`);
  await page.waitForSelector('[role="alert"]');
  await page.screenshot({ path: `${outDir}config-error-1440-light-en.png` });
  await page.unroute('**/api/config');
  await page.evaluate(() => localStorage.setItem('screenshots.signed-in', 'yes'));
  await page.goto(`${base}/dashboard`);
  await page.waitForSelector('main h1');
  await page.getByRole('button', { name: 'Expand navigation' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}main-nav-expanded-1440-light-en.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  // Without a server the stub session's API calls fail, and their toasts cover the header at 390 px.
  await page.getByRole('button', { name: 'Open navigation' }).dispatchEvent('click');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}main-nav-drawer-390-light-en.png` });
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
