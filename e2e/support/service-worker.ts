import { expect, type Page } from '@playwright/test';

/** Waits until the portal's service worker is installed and controls the page (it claims it on activation). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), {
      timeout: 120_000,
    })
    .toMatch(/\/sw\.js$/);
}

/** Every URL held in Cache Storage, by cache. */
export function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      result[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return result;
  });
}
