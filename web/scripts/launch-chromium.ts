import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, headless, as every screenshot script runs it (a browser download does not work here). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}
