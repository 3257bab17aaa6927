import type { Page } from '@playwright/test';
import { slowJourney, test } from '../support/fixtures.ts';
import { signInAs } from '../support/sign-in.ts';

const expect = slowJourney(180_000);

/** Every `securitypolicyviolation` a page of the context reports, as "directive blocked-uri source:line". */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

// The portal's pages run under `script-src 'self'` (server/src/infrastructure/http/security-headers.ts) and
// nothing in them may try more: a blocked attempt is a violation report (and a DevTools issue) on every visit,
// even when the code catches it, as Zod's probe for `new Function` did on every page that built a schema.
test.describe('content security policy', () => {
  test.use({ companyKind: 'dealer' });

  test('signing in and using the signed-in pages reports no violation', async ({ page, company }) => {
    const violations = await recordViolations(page);
    const login = await page.request.get('/login');
    expect(login.headers()['content-security-policy']).toContain("script-src 'self';");

    await signInAs(page, company.owner);
    await expect(page.getByRole('heading', { level: 1, name: 'My customer' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await violations()).toEqual([]);

    await cards.first().getByRole('link').click();
    await page.getByRole('tab', { name: 'Device' }).click();
    await expect(page.getByText(/^\d+ of \d+ devices?$/)).toBeVisible();
    await page.goto('/incidents');
    await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByText('Device overview')).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
