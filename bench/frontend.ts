/**
 * Front-end figures: `npx tsx bench/frontend.ts [--runs 5] [--only bundle,sign-in,lighthouse]
 * [--lighthouse-reports DIR] [--lighthouse-routes /login,/dashboard,/account] [--lighthouse-runs 1]`
 * (port 8206, or `BENCH_PORT`; build the app first: `npm run build`). With more than one Lighthouse run per
 * route, the best score and the median run are reported.
 *
 * Starts the real server (own process, small demo data on a fresh PGlite) serving web/dist, then:
 *   1. the gzip size of the JavaScript /login loads (the scripts Chromium fetched for the page, each gzipped
 *      here at level 9, as Vite reports), and of each route's scripts, signed in as the Northwind owner;
 *   2. every JavaScript chunk in web/dist/assets with its gzip size;
 *   3. the Lighthouse performance score (default = mobile preset, simulated throttling) of /login, /dashboard
 *      and /account in Debian's Chromium; for the signed-in pages Lighthouse keeps the origin's storage, where
 *      the sign-in (driven by Playwright over the same DevTools port) left the session;
 *   4. sign-in time in Chromium: from the click on Login until the landing page shows its heading.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { withoutChangeStream } from '../e2e/support/change-stream.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from '../e2e/support/chromium.ts';
import { demoPassword } from './support/demo-accounts.ts';
import { loadAverage, percentile } from './support/load.ts';
import { REPO_ROOT, startPortal } from './support/portal-process.ts';
import { bearer, companyToken, signInWithPassword } from './support/session.ts';

/** `BENCH_PORT` lets runs beside other servers pick a free port. */
const PORT = Number(process.env.BENCH_PORT ?? 8206);
const OWNER_EMAIL = 'owner@northwind.example';
const LOGIN_TARGET_KB = 150;
const LIGHTHOUSE_TARGET = 95;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string', default: 'bundle,sign-in,lighthouse' },
    /** Also write each Lighthouse report (JSON) into this folder. */
    'lighthouse-reports': { type: 'string' },
    'lighthouse-routes': { type: 'string', default: '/login,/dashboard,/account' },
    'lighthouse-runs': { type: 'string', default: '1' },
  },
});
const runs = Number(values.runs);
const parts = new Set(values.only.split(','));
const dist = path.join(REPO_ROOT, 'web/dist');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** Signs in through the real form; resolves with the ms from the click until the landing page's heading. */
async function signInThroughForm(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/login`);
  // Signed out, /login loads the app on first use (web/public/login-boot.js): start it, wait for its form.
  await page.keyboard.press('Shift');
  await page.locator('#prerendered-login').waitFor({ state: 'detached', timeout: 60_000 });
  await page.getByLabel(/^Email/).fill(OWNER_EMAIL);
  await page.getByLabel(/^Password/).fill(demoPassword(dataDir, OWNER_EMAIL));
  const started = performance.now();
  await page.getByRole('button', { name: /^Login$/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 120_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  return performance.now() - started;
}

/**
 * The same-origin scripts a page load fetched, until the network is idle; `use` acts on the page first
 * (/login loads the app only when the visitor uses it).
 */
async function scriptsOf(
  context: BrowserContext,
  url: string,
  use?: (page: Page) => Promise<void>,
): Promise<Map<string, number>> {
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => void scripts.set(new URL(response.url()).pathname, gzipSize(body)),
        () => {},
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (use) {
    await use(page);
    await page.waitForLoadState('networkidle');
  }
  await page.waitForTimeout(500);
  await Promise.all(pending);
  await page.close();
  return scripts;
}

const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);

function staticChunks() {
  const assets = path.join(dist, 'assets');
  const chunks = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const body = readFileSync(path.join(assets, file));
      return { file, raw: body.length, gzip: gzipSize(body) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
  return { chunks, entry };
}

/**
 * What scripts are made of: each minified byte is attributed to the source file its mapping names (from the
 * chunk's source map), grouped by npm package (or app folder); gzip bytes are split in the same proportion.
 */
function composition(files: Map<string, number>): Map<string, number> {
  const byPackage = new Map<string, number>();
  for (const [pathname, gzip] of files) {
    const file = path.join(dist, pathname);
    let code: string;
    let map: string;
    try {
      code = readFileSync(file, 'utf8');
      map = readFileSync(`${file}.map`, 'utf8');
    } catch {
      continue;
    }
    const lineStarts = [0];
    for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    const offsets: { at: number; source: string }[] = [];
    new SourceMapConsumer(JSON.parse(map)).eachMapping((m) => {
      offsets.push({ at: lineStarts[m.generatedLine - 1]! + m.generatedColumn, source: m.source ?? '' });
    });
    offsets.sort((a, b) => a.at - b.at);
    const perFile = new Map<string, number>();
    offsets.forEach((offset, i) => {
      const end = offsets[i + 1]?.at ?? code.length;
      const group =
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(offset.source)?.[1] ??
        offset.source
          .replace(/^(\.\.\/)+/, '')
          .split('/')
          .slice(0, 3)
          .join('/');
      perFile.set(group, (perFile.get(group) ?? 0) + end - offset.at);
    });
    const total = [...perFile.values()].reduce((a, b) => a + b, 0);
    for (const [group, bytes] of perFile)
      byPackage.set(group, (byPackage.get(group) ?? 0) + (gzip * bytes) / total);
  }
  return byPackage;
}

interface LighthouseRun {
  score: number;
  metrics: string;
  savings: string;
  finalPath: string;
}

/**
 * Lighthouse on each route, `runsPerRoute` times (cold cache each); routes from `signInBefore` on run signed
 * in, the ones before it signed out.
 */
async function lighthouseScores(base: string, routes: string[], signInBefore: string, runsPerRoute: number) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS] });
  let browser: Browser | undefined;
  try {
    // Sign in in the very Chromium Lighthouse drives, so the session is in the origin's localStorage.
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0]!;
    const scores: { route: string; runs: LighthouseRun[] }[] = [];
    for (const route of routes) {
      if (route === signInBefore) {
        const page = await context.newPage();
        await signInThroughForm(page, base);
        await page.close();
      }
      const runs: LighthouseRun[] = [];
      for (let run = 0; run < runsPerRoute; run += 1) {
        // disableStorageReset keeps the HTTP cache too: empty it, so every page loads cold like /login.
        const page = await context.newPage();
        await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
        await page.close();
        const result = await lighthouse(
          `${base}${route}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: true,
          },
          undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
        const { lhr } = result;
        const reports = values['lighthouse-reports'];
        if (reports) {
          mkdirSync(reports, { recursive: true });
          writeFileSync(
            path.join(reports, `${route.replaceAll('/', '_') || 'root'}-${run + 1}.json`),
            JSON.stringify(lhr),
          );
        }
        const audit = (id: string) => lhr.audits[id]?.displayValue ?? '?';
        runs.push({
          finalPath: new URL(lhr.finalDisplayedUrl).pathname,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          metrics: `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}, SI ${audit('speed-index')}`,
          savings: Object.values(lhr.audits)
            .map((a) => ({
              title: a.title,
              ms: (a.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0,
            }))
            .filter((a) => a.ms >= 100)
            .sort((a, b) => b.ms - a.ms)
            .slice(0, 3)
            .map((a) => `${a.title} (${Math.round(a.ms)} ms)`)
            .join('; '),
        });
      }
      scores.push({ route, runs });
    }
    return scores;
  } finally {
    await browser?.close().catch(() => {});
    chrome.kill();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-frontend-'));
console.info(`# Front end (${loadAverage()})`);
const portal = await startPortal({ port: PORT, database: { kind: 'pglite', dataDir } });
try {
  const base = `http://localhost:${PORT}`;
  const session = await signInWithPassword(portal.url, OWNER_EMAIL, demoPassword(dataDir, OWNER_EMAIL));
  const company = await companyToken(portal.url, session.idToken);
  const organizations = (await (
    await fetch(`${portal.url}/api/user-portal/companies/organizations`, { headers: bearer(company.token) })
  ).json()) as { items: { id: string }[] };
  const orgId = organizations.items[0]!.id;

  const browser = await launchChromium();
  try {
    if (parts.has('bundle')) {
      // 1. JavaScript per route.
      const anonymous = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const login = await scriptsOf(anonymous, `${base}/login`);
      // What a sign-in needs: the app's takeover (first use) and Amplify (loaded as the user types).
      const loginUsed = await scriptsOf(anonymous, `${base}/login`, async (page) => {
        await page.keyboard.press('Shift');
        await page.locator('#prerendered-login').waitFor({ state: 'detached', timeout: 60_000 });
        await page.getByLabel(/^Email/).fill(OWNER_EMAIL);
      });
      const forgot = await scriptsOf(anonymous, `${base}/forgot-password`);
      const signedIn = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await withoutChangeStream(signedIn); // scriptsOf waits for networkidle
      const signInPage = await signedIn.newPage();
      await signInThroughForm(signInPage, base);
      await signInPage.close();
      const routes: [string, Map<string, number>][] = [
        ['/login', login],
        ['/login, used: app and Amplify', loginUsed],
        ['/forgot-password', forgot],
      ];
      for (const route of [
        '/account',
        `/account/${orgId}/overview`,
        `/account/${orgId}/device`,
        `/account/${orgId}/license`,
        '/dashboard',
        '/my-company',
      ])
        routes.push([route.replace(orgId, '{orgId}'), await scriptsOf(signedIn, `${base}${route}`)]);

      const loginKb = sum(login) / 1024;
      console.info(
        `\n## JavaScript per route (gzip -9 of each script Chromium loaded)\n\n/login loads ${login.size} scripts, ` +
          `**${kb(sum(login))} KB gzip** without interaction (target ≤ ${LOGIN_TARGET_KB} KB: ${loginKb <= LOGIN_TARGET_KB ? 'met' : 'NOT met'}); ` +
          `used (the app's takeover and Amplify, what a sign-in needs) ${loginUsed.size} scripts, ${kb(sum(loginUsed))} KB gzip\n`,
      );
      console.info(
        '| route | scripts | gzip KB | not loaded by /login: scripts | KB |\n|---|---:|---:|---:|---:|',
      );
      for (const [route, scripts] of routes) {
        const extra = [...scripts].filter(([name]) => !login.has(name));
        const extraBytes = extra.reduce((a, [, size]) => a + size, 0);
        console.info(
          `| ${route} | ${scripts.size} | ${kb(sum(scripts))} | ${extra.length} | ${kb(extraBytes)} |`,
        );
      }

      const makeup = [...composition(loginUsed)].sort((a, b) => b[1] - a[1]);
      console.info(
        `\n### What /login's JavaScript once used is made of (gzip KB, split by the source maps)\n\n| package or folder | gzip KB |\n|---|---:|`,
      );
      for (const [group, bytes] of makeup.slice(0, 20))
        console.info(`| ${group || '(bundler runtime, no source)'} | ${kb(bytes)} |`);
      const rest = makeup.slice(20).reduce((a, [, bytes]) => a + bytes, 0);
      console.info(`| ${makeup.length - 20} others | ${kb(rest)} |`);

      // 2. Every chunk.
      const { chunks, entry } = staticChunks();
      const entryBytes = chunks.filter((c) => entry.includes(c.file)).reduce((a, c) => a + c.gzip, 0);
      console.info(
        `\n## Chunks in web/dist/assets (${chunks.length}; index.html names ${entry.length} of them: ${kb(entryBytes)} KB gzip)\n`,
      );
      console.info('| chunk | raw KB | gzip KB | in index.html |\n|---|---:|---:|---|');
      for (const chunk of chunks)
        console.info(
          `| ${chunk.file} | ${kb(chunk.raw)} | ${kb(chunk.gzip)} | ${entry.includes(chunk.file) ? 'yes' : ''} |`,
        );
    }
    if (parts.has('sign-in')) {
      // 4. Sign-in time, fresh context each run.
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        times.push(await signInThroughForm(await context.newPage(), base));
        await context.close();
      }
      console.info(
        `\n## Sign-in in Chromium (SRP in the page), click on Login → landing page heading, ${runs} runs (${loadAverage()})\n\n` +
          `p50 ${percentile(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`,
      );
    }
  } finally {
    await browser.close();
  }

  // 3. Lighthouse.
  if (parts.has('lighthouse')) {
    const runsPerRoute = Number(values['lighthouse-runs']);
    const scores = await lighthouseScores(
      base,
      values['lighthouse-routes'].split(','),
      '/dashboard',
      runsPerRoute,
    );
    console.info(
      `\n## Lighthouse performance, mobile preset (${loadAverage()}), target ${LIGHTHOUSE_TARGET}+, ${runsPerRoute} run(s) per page\n\n` +
        '| page | run | score | metrics | largest opportunities |\n|---|---|---:|---|---|',
    );
    for (const { route, runs } of scores) {
      const byScore = [...runs].sort((a, b) => b.score - a.score);
      const picks: [string, LighthouseRun][] = [['best', byScore[0]!]];
      if (runs.length > 1) picks.push(['median', byScore[Math.floor(byScore.length / 2)]!]);
      for (const [label, run] of picks)
        console.info(
          `| ${route} → ${run.finalPath} | ${label} of ${runs.length} | ${run.score} | ${run.metrics} | ${run.savings} |`,
        );
      if (runs.length > 1) console.info(`|  | all | ${runs.map((run) => run.score).join(', ')} | | |`);
    }
  }
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
