/**
 * What the screenshot scripts (web/scripts/*-screenshots.ts) share: their command line, the light/dark ×
 * en/zh-TW × 1440/390 combinations, a browser context per combination, the sign-in through /login, waiting
 * for a screen to settle, where a PNG goes, and the axe check.
 *
 * Every script takes `--base URL` (default $BASE_URL, else http://localhost:8192), `--only en-light-1440,…`
 * (some combinations only) and `--out DIR` (default screenshots/ at the repository root). Demo passwords
 * come from the server's demo-accounts.json in $DATA_DIR (see demo-password.ts).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { animationsFinished } from '../../browser-kit/animations.ts';
import { withoutChangeStream } from '../../browser-kit/change-stream.ts';
import { launchChromium } from '../../browser-kit/chromium.ts';
import { demoPassword } from './demo-password.ts';

/** The options every script takes; a script with more spreads these into its own parseArgs. */
export const SCREENSHOT_OPTIONS = {
  base: { type: 'string', default: process.env.BASE_URL ?? 'http://localhost:8192' },
  only: { type: 'string' },
  out: { type: 'string', default: fileURLToPath(new URL('../../screenshots/', import.meta.url)) },
} as const;

export interface Run {
  base: string;
  outDir: string;
  only?: string[];
  browser: Browser;
  /** axe findings so far, one line each; any of them fails the run. */
  violations: string[];
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const LOCALES = ['en', 'zh-TW'] as const;
const SCHEMES = ['light', 'dark'] as const;
const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

export interface Combo {
  locale: (typeof LOCALES)[number];
  scheme: (typeof SCHEMES)[number];
  viewport: (typeof VIEWPORTS)[number];
  /** `en-light-1440`: what `--only` names, and the end of most PNG names. */
  id: string;
  /** `1440-light-en`: the end of the shell, sign-in and account PNG names. */
  widthFirstId: string;
}

/** Every combination of language, colour scheme and width, or those `only` names. */
export function combos(only?: readonly string[]): Combo[] {
  const all = LOCALES.flatMap((locale) =>
    SCHEMES.flatMap((scheme) =>
      VIEWPORTS.map((viewport) => ({
        locale,
        scheme,
        viewport,
        id: `${locale}-${scheme}-${viewport.name}`,
        widthFirstId: `${viewport.name}-${scheme}-${locale}`,
      })),
    ),
  );
  return only ? all.filter((combo) => only.includes(combo.id)) : all;
}

/**
 * Launches the browser, runs `body` and closes it; fails the process when axe found anything. `values` are
 * the parsed SCREENSHOT_OPTIONS (parsed here when the script has no options of its own).
 */
export async function runScreenshots(
  body: (run: Run) => Promise<void>,
  values: { base: string; only?: string; out: string } = parseArgs({ options: SCREENSHOT_OPTIONS }).values,
): Promise<void> {
  await mkdir(values.out, { recursive: true });
  const run: Run = {
    base: values.base,
    outDir: values.out,
    only: values.only?.split(','),
    browser: await launchChromium(),
    violations: [],
  };
  try {
    await body(run);
  } finally {
    await run.browser.close();
  }
  if (run.violations.length > 0) {
    process.stderr.write(`axe found ${run.violations.length} violation(s):\n${run.violations.join('\n')}\n`);
    process.exitCode = 1;
  }
}

/**
 * Signed out, /login's pre-rendered form signs in by itself once ready (issue 24 item 1), as
 * e2e/support/sign-in.ts waits for it: a key press starts it, then its form (or, signed in, the app).
 */
export async function startLoginForm(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page
    .locator('#prerendered-login-form[data-ready], #root > *')
    .first()
    .waitFor({ state: 'attached', timeout: 60_000 });
}

/** Signs `email` in through /login (demo password unless given) and returns the session to reuse. */
export async function signIn(run: Run, email: string, password = demoPassword(email)): Promise<StorageState> {
  const context = await run.browser.newContext({ baseURL: run.base, locale: 'en-US' });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await startLoginForm(page);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: /^Login$/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
    return await context.storageState();
  } catch (error) {
    await page.screenshot({ path: shotFile(run, 'sign-in-failure') }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

export interface ContextOptions {
  /** A session from signIn; signed out without. */
  storageState?: StorageState;
  /** Store the scheme as the portal's theme choice (the header shows it); false leaves it at System. */
  pinTheme?: boolean;
}

/**
 * A context for one combination: its width, colour scheme and language (stored as the user's choice),
 * reduced motion, the change stream refused (networkidle never comes while it is open), page errors logged.
 */
export async function comboContext(
  run: Run,
  combo: Combo,
  { storageState, pinTheme = true }: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await run.browser.newContext({
    baseURL: run.base,
    storageState,
    viewport: { width: combo.viewport.width, height: combo.viewport.height },
    colorScheme: combo.scheme,
    locale: combo.locale,
    reducedMotion: 'reduce',
  });
  // On a loaded machine a page now and then needs more than the default 30 s.
  context.setDefaultTimeout(60_000);
  await context.addInitScript(
    ([language, theme]) => {
      // Opaque frames (about:blank, sandboxed) have no localStorage; only the portal's pages need it.
      if (location.origin === 'null') return;
      localStorage.setItem('partner-portal.language', language);
      if (theme) localStorage.setItem('partner-portal.theme', theme);
    },
    [combo.locale, pinTheme ? combo.scheme : null] as const,
  );
  await withoutChangeStream(context);
  context.on('page', (page) =>
    page.on('pageerror', (error) => console.error(`[${combo.id}] page error:`, error.message)),
  );
  return context;
}

/** Runs `shootCombo` once per combination (or those of `--only`), each on a fresh context and page. */
export async function forEachCombo(
  run: Run,
  options: ContextOptions,
  shootCombo: (page: Page, combo: Combo, context: BrowserContext) => Promise<void>,
): Promise<void> {
  for (const combo of combos(run.only)) {
    const context = await comboContext(run, combo, options);
    try {
      await shootCombo(await context.newPage(), combo, context);
    } finally {
      await context.close();
    }
    console.info(`done ${combo.id}`);
  }
}

/** Waits for the network to go quiet and every finite animation (dialog fades, ripples) to end, then `pause` ms. */
export async function settle(page: Page, pause = 300): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await animationsFinished(page);
  await page.waitForTimeout(pause);
}

/** The id in a link to `/<section>/<id>/…`, once the link is there. */
export async function linkedId(link: Locator): Promise<string> {
  const href = (await link.getAttribute('href', { timeout: 30_000 })) ?? '';
  return href.split('/')[2] ?? '';
}

/** Gives `locator` up to `timeout` ms to appear, and goes on without it (the data may have none). */
export async function mayAppear(locator: Locator, timeout = 15_000): Promise<void> {
  await locator
    .first()
    .waitFor({ timeout })
    .catch(() => undefined);
}

/** Where the PNG called `name` goes. */
export function shotFile(run: Run, name: string): string {
  return path.join(run.outDir, `${name}.png`);
}

/** Lets the page settle and writes it to `<out>/<name>.png`. */
export async function shoot(
  run: Run,
  page: Page,
  name: string,
  { fullPage = false, pause = 300 }: { fullPage?: boolean; pause?: number } = {},
): Promise<void> {
  await settle(page, pause);
  const file = shotFile(run, name);
  await page.screenshot({ path: file, fullPage });
  console.info('wrote', file);
}

/** Checks the page against axe's WCAG 2.1 A and AA rules; violations are kept on the run and fail it. */
export async function checkAccessibility(
  run: Run,
  page: Page,
  screen: string,
  exclude: readonly string[] = [],
): Promise<void> {
  let builder = new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  for (const violation of results.violations) {
    run.violations.push(
      `${screen}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
        .join(', ')}`,
    );
  }
}
