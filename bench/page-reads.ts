/**
 * What a signed-in page reads from the API in its first seconds: `npx tsx bench/page-reads.ts [--seconds 20]
 * [--pages device,dashboard] [--stream-lifetime SECONDS] [--baseline CHECKOUT]` (port 8226 and the next one
 * for the baseline, or `BENCH_PORT`; build the app first: `npm run build`). `--stream-lifetime` sets the
 * servers' EVENT_STREAM_LIFETIME_SECONDS (300 by default), so that a run sees the live stream end and reopen.
 *
 * Same data as bench/frontend.ts (small demo plus a 5,000-device customer of Northwind, fresh PGlite). Signs
 * the Northwind owner in, then loads each page cold in a fresh tab and counts, for `--seconds` after the
 * navigation, the API requests and the bytes they transferred (as the browser received them: compressed),
 * the change stream left out. A phone on mobile data pays for each; the live stream opens once the page has
 * settled, and whatever it makes the page read again shows here.
 */
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser-kit/chromium.ts';
import { demoPassword } from './support/demo-accounts.ts';
import { startFrontendPortals } from './support/frontend-data.ts';
import { loadAverage } from './support/load.ts';
import { readyLoginForm } from './support/login-form.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8226);
const OWNER_EMAIL = 'owner@northwind.example';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    pages: { type: 'string', default: 'device,dashboard' },
    baseline: { type: 'string' },
    'stream-lifetime': { type: 'string' },
  },
});
const lifetime = values['stream-lifetime'];
const seconds = Number(values.seconds);

interface Reads {
  requests: number;
  kilobytes: number;
  /** Requests per API path (ids replaced by `{id}`). */
  byPath: Map<string, number>;
}

async function readsOf(browser: Browser, base: string, dataDir: string, path: string): Promise<Reads> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await readyLoginForm(page);
    await page.getByLabel(/^Email/).fill(OWNER_EMAIL);
    await page.getByLabel(/^Password/).fill(demoPassword(dataDir, OWNER_EMAIL));
    await page.getByRole('button', { name: /^Login$/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 120_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    const fresh = await context.newPage();
    await page.close();
    const cdp = await context.newCDPSession(fresh);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const reads: Reads = { requests: 0, kilobytes: 0, byPath: new Map() };
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => urls.set(requestId, request.url));
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const url = new URL(urls.get(requestId) ?? 'about:blank');
      if (!url.pathname.startsWith('/api/') || url.pathname.endsWith('/companies/events')) return;
      reads.requests += 1;
      reads.kilobytes += encodedDataLength / 1024;
      const key = url.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}');
      reads.byPath.set(key, (reads.byPath.get(key) ?? 0) + 1);
    });
    await fresh.goto(`${base}${path}`, { waitUntil: 'load', timeout: 180_000 });
    await fresh.waitForTimeout(seconds * 1000);
    return reads;
  } finally {
    await context.close();
  }
}

const portals = await startFrontendPortals('page-reads', PORT, OWNER_EMAIL, values.baseline, () =>
  lifetime ? { EVENT_STREAM_LIFETIME_SECONDS: lifetime } : undefined,
);
const pages: Record<string, string> = {
  device: `/account/${portals.bigOrgId}/device`,
  dashboard: '/dashboard',
  account: '/account',
  incidents: '/incidents',
};
const browser = await launchChromium();
try {
  const streams = lifetime ? `, streams ending every ${lifetime} s` : '';
  console.info(
    `# API reads in the first ${seconds} s of a page${streams} (load average: ${loadAverage()})\n`,
  );
  console.info('| page | build | requests | KB transferred | most requested |');
  console.info('|---|---|---:|---:|---|');
  for (const name of values.pages.split(',')) {
    const path = pages[name];
    if (!path) throw new Error(`unknown page ${name}`);
    const builds = [
      { label: 'this checkout', base: portals.portal.url },
      ...(portals.baseline ? [{ label: 'baseline', base: portals.baseline.url }] : []),
    ];
    for (const build of builds) {
      const reads = await readsOf(browser, build.base, portals.dataDir, path);
      const top = [...reads.byPath]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([key, count]) => `${key.replace(/^\/api/, '')} ×${count}`)
        .join(', ');
      console.info(
        `| ${name} | ${build.label} | ${reads.requests} | ${reads.kilobytes.toFixed(0)} | ${top} |`,
      );
    }
  }
} finally {
  await browser.close();
  await portals.stop();
}
