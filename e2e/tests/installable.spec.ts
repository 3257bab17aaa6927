import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../browser-kit/chromium.ts';
import { expect, test } from '../support/fixtures.ts';
import { gotoLogin } from '../support/sign-in.ts';

/**
 * Issue 24 point 6: Chromium's own installability check finds nothing missing (manifest, icons, start URL,
 * display), so "Install app" is offered; the manifest is the host brand's. A browser profile on disk:
 * Chromium never offers installation in an incognito context, which Playwright's contexts are.
 */
test('Chromium reports the portal installable, with the brand’s manifest', async ({ baseURL }) => {
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-installable-'));
  const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await gotoLogin(page);
    const cdp = await context.newCDPSession(page);
    // Chromium fetches the manifest and icons itself; poll until it has an answer without errors.
    await expect
      .poll(
        async () => {
          const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
          return installabilityErrors.map((error) => error.errorId);
        },
        { timeout: 30_000 },
      )
      .toEqual([]);
    const { url } = await cdp.send('Page.getAppManifest');
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
