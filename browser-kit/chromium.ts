import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

/**
 * Debian's Chromium, headless, as e2e, benches and screenshot scripts all run it (a browser download does
 * not work here). CHROMIUM_PATH points elsewhere.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** For `chromium.launch(…)` and Playwright's `use.launchOptions`. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS],
};

/** A browser for scripts (benches, screenshots); Playwright Test launches its own from the config. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}
