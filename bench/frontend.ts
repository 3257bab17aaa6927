/**
 * Front-end figures: `npx tsx bench/frontend.ts [--runs 5] [--only bundle,sign-in,lighthouse]
 * [--lighthouse-runs 3] [--pages login,dashboard,account,device,incidents,partners] [--baseline CHECKOUT]
 * [--lighthouse-reports DIR] [--tls]` (port 8206, or `BENCH_PORT`, and the next one for the baseline; build the app
 * first: `npm run build`).
 *
 * Starts the real server (own process, small demo data plus a 5,000-device customer of Northwind on a fresh
 * PGlite) serving web/dist, and with `--baseline` a second one from another checkout (its own web/dist built)
 * on a copy of the same data, then:
 *   1. the gzip size of the JavaScript /login loads (the scripts Chromium fetched for the page, each gzipped
 *      here at level 9, as Vite reports), and of each route's scripts, signed in as the Northwind owner;
 *   2. every JavaScript chunk in web/dist/assets with its gzip size;
 *   3. the Lighthouse performance score (default = mobile preset, simulated throttling) in Debian's Chromium,
 *      `--lighthouse-runs` times per page and build (builds taking turns), best and median: /login signed out;
 *      /dashboard, /account, the 5,000-device customer's /account/{orgId}/device and /incidents as the
 *      Northwind owner (a dealer); /partners as Lumora's HQ owner. Lighthouse keeps the origin's storage,
 *      where the sign-in (driven by Playwright over the same DevTools port) left the session;
 *   4. sign-in time in Chromium: from the click on Login until the landing page shows its heading.
 * With `--tls` Lighthouse loads the pages as deployed (deploy/README.md): through HAProxy with TLS and
 * HTTP/2 (ports +2 and +3). Without it, plain HTTP/1.1 to the server: Lighthouse's simulation then queues a
 * cold page's scripts six at a time, each a 150 ms round trip.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { withoutChangeStream } from '../browser-kit/change-stream.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from '../browser-kit/chromium.ts';
import { demoPassword } from './support/demo-accounts.ts';
import { BIG_CUSTOMER_DEVICES, startFrontendPortals } from './support/frontend-data.ts';
import { loadAverage, percentile } from './support/load.ts';
import { readyLoginForm } from './support/login-form.ts';
import { memoryFirstTouch } from './support/machine.ts';
import { REPO_ROOT } from './support/portal-process.ts';
import { bearer, companyToken, signInWithPassword } from './support/session.ts';
import { startTlsFront } from './support/tls-front.ts';

/** `BENCH_PORT` lets runs beside other servers pick a free port. */
const PORT = Number(process.env.BENCH_PORT ?? 8206);
const OWNER_EMAIL = 'owner@northwind.example';
const HQ_EMAIL = 'hq@lumora.example';
const LOGIN_TARGET_KB = 150;
const LIGHTHOUSE_TARGET = 95;
const SIGNED_IN_TARGET = 90;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string', default: 'bundle,sign-in,lighthouse' },
    'lighthouse-runs': { type: 'string', default: '3' },
    pages: { type: 'string', default: 'login,dashboard,account,device,incidents,partners' },
    /** Another checkout (node_modules and web/dist in place) measured beside this one: before and after. */
    baseline: { type: 'string' },
    /** Also write each Lighthouse report (JSON) into this folder. */
    'lighthouse-reports': { type: 'string' },
    /** Lighthouse through HAProxy with TLS and HTTP/2 (bench/support/tls-front.ts). */
    tls: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const parts = new Set(values.only.split(','));
const dist = path.join(REPO_ROOT, 'web/dist');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** Signs in through the real form; resolves with the ms from the click until the landing page's heading. */
async function signInThroughForm(page: Page, base: string, email = OWNER_EMAIL): Promise<number> {
  await page.goto(`${base}/login`);
  await readyLoginForm(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(demoPassword(dataDir, email));
  const started = performance.now();
  await page.getByRole('button', { name: /^Login$/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 120_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  return performance.now() - started;
}

/**
 * The scripts of a complete sign-in through /login on one build: `typed` what the page fetched until the
 * visitor has typed (the form, Amplify loaded as the user types: all a sign-in runs), `landed` everything
 * until the landing page's heading (the landing page's own code too, which the form preloads meanwhile).
 */
async function signInScripts(
  context: BrowserContext,
  base: string,
): Promise<{ typed: Map<string, number>; landed: Map<string, number> }> {
  const page = await context.newPage();
  const landed = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => void landed.set(new URL(response.url()).pathname, gzipSize(body)),
        () => {},
      ),
    );
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await readyLoginForm(page);
  await page.getByLabel(/^Email/).fill(OWNER_EMAIL);
  await page.getByLabel(/^Password/).fill(demoPassword(dataDir, OWNER_EMAIL));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await Promise.all(pending.splice(0));
  const typed = new Map(landed);
  await page.getByRole('button', { name: /^Login$/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 120_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await page.close();
  return { typed, landed };
}

/** The same-origin scripts a page load fetched, until the network is idle. */
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

interface BenchRoute {
  /** The path Lighthouse opens. */
  path: string;
  /** Shown instead of the path (the 5,000-device customer's id). */
  label: string;
  /** Signed in as this demo account, or signed out. */
  account: string | null;
}

interface LighthouseRun {
  /** Lighthouse's own failure (e.g. NO_NAVSTART on a loaded machine): left out of best and median. */
  failed?: string;
  /** "The page loaded too slowly to finish within the time limit": something kept it from settling. */
  unsettled: boolean;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  finalPath: string;
  savings: string;
}

/** One build under test: its server and a Chromium (Lighthouse's and Playwright's over one DevTools port). */
interface LighthouseTarget {
  name: string;
  base: string;
  chrome: chromeLauncher.LaunchedChrome;
  browser: Browser;
  signedInAs: string | null | undefined;
}

async function lighthouseTarget(name: string, base: string): Promise<LighthouseTarget> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // The TLS front's certificate is self-signed (--tls).
    chromeFlags: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  return { name, base, chrome, browser, signedInAs: undefined };
}

/**
 * Lighthouse (mobile preset, performance only) on one route of one build. The session lives in the origin's
 * localStorage, where a sign-in through the real form (Playwright, same Chromium) left it, with the service
 * worker that sign-in installed; Lighthouse keeps storage (`disableStorageReset`) but the HTTP cache is
 * emptied first. Signed out (/login) nothing is installed: that page loads cold.
 */
async function lighthouseRun(target: LighthouseTarget, route: BenchRoute): Promise<LighthouseRun> {
  const context = target.browser.contexts()[0]!;
  if (target.signedInAs !== route.account) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: target.base, storageTypes: 'all' });
    if (route.account) {
      await signInThroughForm(page, target.base, route.account);
      // A signed-in browser has the app's service worker (it registers on the first signed-in page and
      // precaches the build): wait until it is active, else the first page measured would load cold
      // while the worker installs and the next ones warm.
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    }
    await page.close();
    target.signedInAs = route.account;
  }
  const page = await context.newPage();
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await page.close();
  const result = await lighthouse(
    `${target.base}${route.path}`,
    {
      port: target.chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${route.label}`);
  const { lhr } = result;
  const reports = values['lighthouse-reports'];
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = `${target.name}${route.label.replaceAll(/[/{}]/g, '_')}-${Date.now()}.json`;
    writeFileSync(path.join(reports, name), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    ...(lhr.runtimeError ? { failed: lhr.runtimeError.code } : {}),
    unsettled: (lhr.runWarnings ?? []).some((warning) => warning.includes('too slowly')),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    si: numeric('speed-index'),
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
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
  };
}

/** Each route `runs` times on each build, the builds taking turns run by run (the same minutes of load). */
async function lighthouseTable(builds: { name: string; base: string }[], routes: BenchRoute[], runs: number) {
  const targets: LighthouseTarget[] = [];
  try {
    for (const build of builds) targets.push(await lighthouseTarget(build.name, build.base));
    console.info(
      `\n## Lighthouse performance, mobile preset, ${runs} runs per page and build (${loadAverage()})\n\n` +
        `Score: best · median; the metrics are the median run's, CLS the largest of the runs.\n\n` +
        '| page | build | score best · median | FCP | LCP | TBT | CLS (max) | SI | largest opportunities (median run) |\n' +
        '|---|---|---|---:|---:|---:|---:|---:|---|',
    );
    for (const route of routes) {
      const byTarget = new Map<LighthouseTarget, LighthouseRun[]>(targets.map((t) => [t, []]));
      // Lighthouse sometimes records a trace without the page's navigation (NO_NAVSTART), about once in
      // fifteen runs here, whatever the page: such a run is measured again, once, and counted in the notes.
      const retried = new Map<LighthouseTarget, number>();
      const measure = async (target: LighthouseTarget) => {
        const run = await lighthouseRun(target, route);
        if (run.failed !== 'NO_NAVSTART') return run;
        retried.set(target, (retried.get(target) ?? 0) + 1);
        return lighthouseRun(target, route);
      };
      for (let run = 0; run < runs; run += 1)
        for (const target of targets) byTarget.get(target)!.push(await measure(target));
      for (const [target, all] of byTarget) {
        const results = all.filter((r) => !r.failed);
        const notes = [
          ...(retried.has(target) ? [`${retried.get(target)} run(s) measured again after NO_NAVSTART`] : []),
          ...(all.length > results.length
            ? [`${all.length - results.length} run(s) failed: ${all.find((r) => r.failed)?.failed}`]
            : []),
          ...(all.some((r) => r.unsettled)
            ? [`did not settle in ${all.filter((r) => r.unsettled).length} run(s)`]
            : []),
        ];
        if (results.length === 0) {
          console.info(`| ${route.label} | ${target.name} | – | | | | | | ${notes.join('; ')} |`);
          continue;
        }
        const sorted = [...results].sort((a, b) => a.score - b.score);
        const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
        const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
        const moved = median.finalPath === route.path.split('?')[0] ? '' : ` → ${median.finalPath}`;
        console.info(
          `| ${route.label}${moved} | ${target.name} | ${sorted.at(-1)!.score} · **${median.score}** (${results.map((r) => r.score).join(', ')}) | ${s(median.fcp)} | ${s(median.lcp)} | ${Math.round(median.tbt)} ms | ${Math.max(...results.map((r) => r.cls)).toFixed(3)} | ${s(median.si)} | ${[...notes, median.savings].filter(Boolean).join('; ')} |`,
        );
      }
    }
    console.info(`\n(${loadAverage()})`);
  } finally {
    for (const target of targets) {
      await target.browser.close().catch(() => {});
      target.chrome.kill();
    }
  }
}

console.info(`# Front end (${loadAverage()}; ${memoryFirstTouch()})`);
/** Behind the TLS front the token issuer is its address, and the server believes its X-Forwarded-For. */
const behindTls = (port: number) =>
  values.tls ? { PUBLIC_URL: `https://localhost:${port + 2}`, TRUST_PROXY: '127.0.0.1' } : undefined;
const portals = await startFrontendPortals('frontend', PORT, OWNER_EMAIL, values.baseline, behindTls);
const { dataDir, bigOrgId, portal, baseline } = portals;
const fronts = values.tls
  ? await Promise.all(
      [portal, ...(baseline ? [baseline] : [])].map((server, index) =>
        startTlsFront({ port: PORT + 2 + index, backend: new URL(server.url).host, dir: dataDir }),
      ),
    )
  : [];
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
      // What a sign-in needs: the form's own sign-in (or, on main, the app's takeover) and Amplify (loaded as
      // the user types); and everything until the landing page.
      const builds = [
        { name: 'this checkout', base },
        ...(baseline ? [{ name: 'baseline', base: `http://localhost:${PORT + 1}` }] : []),
      ];
      const signIns: { name: string; typed: Map<string, number>; landed: Map<string, number> }[] = [];
      for (const build of builds) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        await withoutChangeStream(context);
        signIns.push({ name: build.name, ...(await signInScripts(context, build.base)) });
        await context.close();
      }
      const loginUsed = signIns[0]!.typed;
      const forgot = await scriptsOf(anonymous, `${base}/forgot-password`);
      const signedIn = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await withoutChangeStream(signedIn); // scriptsOf waits for networkidle
      const signInPage = await signedIn.newPage();
      await signInThroughForm(signInPage, base);
      await signInPage.close();
      const routes: [string, Map<string, number>][] = [
        ['/login', login],
        ['/login, used: a sign-in typed', loginUsed],
        ['/forgot-password', forgot],
      ];
      for (const route of [
        '/account',
        `/account/${orgId}/overview`,
        `/account/${orgId}/device`,
        `/account/${orgId}/license`,
        '/dashboard',
        '/incidents',
        '/my-company',
      ])
        routes.push([route.replace(orgId, '{orgId}'), await scriptsOf(signedIn, `${base}${route}`)]);

      const loginKb = sum(login) / 1024;
      console.info(
        `\n## JavaScript per route (gzip -9 of each script Chromium loaded)\n\n/login loads ${login.size} scripts, ` +
          `**${kb(sum(login))} KB gzip** without interaction (target ≤ ${LOGIN_TARGET_KB} KB: ${loginKb <= LOGIN_TARGET_KB ? 'met' : 'NOT met'}); ` +
          `used (a sign-in typed: the form's script and Amplify) ${loginUsed.size} scripts, ${kb(sum(loginUsed))} KB gzip\n`,
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

      console.info(
        `\n## A complete sign-in through /login (gzip -9), target ≤ ${LOGIN_TARGET_KB} KB (${loadAverage()})\n\n` +
          '| build | until typed (what a sign-in runs): scripts | KB | until the landing page: scripts | KB |\n|---|---:|---:|---:|---:|',
      );
      for (const signIn of signIns)
        console.info(
          `| ${signIn.name} | ${signIn.typed.size} | ${kb(sum(signIn.typed))} | ${signIn.landed.size} | ${kb(sum(signIn.landed))} |`,
        );

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
    const pages = new Set(values.pages.split(','));
    const routes: (BenchRoute & { key: string })[] = [
      { key: 'login', path: '/login', label: '/login', account: null },
      { key: 'dashboard', path: '/dashboard', label: '/dashboard', account: OWNER_EMAIL },
      { key: 'account', path: '/account', label: '/account', account: OWNER_EMAIL },
      {
        key: 'device',
        path: `/account/${bigOrgId}/device`,
        label: `/account/{orgId}/device (${BIG_CUSTOMER_DEVICES.toLocaleString('en')} devices)`,
        account: OWNER_EMAIL,
      },
      { key: 'incidents', path: '/incidents', label: '/incidents', account: OWNER_EMAIL },
      { key: 'partners', path: '/partners', label: '/partners (HQ)', account: HQ_EMAIL },
    ];
    console.info(
      `\nTargets: /login ${LIGHTHOUSE_TARGET}+, signed-in pages ${SIGNED_IN_TARGET}+, CLS ≤ 0.05.`,
    );
    const lighthouseBase = (index: number, plain: string) => fronts[index]?.url ?? plain;
    await lighthouseTable(
      [
        { name: 'this checkout', base: lighthouseBase(0, base) },
        ...(baseline ? [{ name: 'baseline', base: lighthouseBase(1, `http://localhost:${PORT + 1}`) }] : []),
      ],
      routes.filter((route) => pages.has(route.key)),
      Number(values['lighthouse-runs']),
    );
  }
} finally {
  for (const front of fronts) await front.stop();
  await portals.stop();
}
