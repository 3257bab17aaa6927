import { slowJourney, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { signInAs } from '../support/sign-in.ts';

// An SRP sign-in in the browser, then a dashboard whose first paint took over 10 s on a loaded machine.
const expect = slowJourney(120_000);

// The signed-in pages' strings load in the language shown only (issue 24: a page's initial JavaScript);
// switching language loads the other one's before the page changes language.
test.describe('signed-in pages’ strings', () => {
  test.use({ companyKind: 'dealer' });

  test('come in the language shown, and the other language’s with a switch', async ({ page, company }) => {
    const chunks = new Set<string>();
    // Loads that completed: the landing page after sign-in is left mid-load by the goto below, and what the
    // unloading page still asks for is cancelled with it (a CI run once saw such a cancelled request).
    page.on('requestfinished', (request) => {
      const name = /page-resources\.(en|zh-TW)-[\w-]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
      if (name) chunks.add(name);
    });
    await useLanguage(page, 'zh-TW');
    await signInAs(page, company.owner);
    await page.goto('/dashboard');
    await expect(page.getByText('裝置總覽')).toBeVisible();
    expect([...chunks]).toEqual(['zh-TW']);

    await page.getByRole('button', { name: '變更語言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByText('Device overview')).toBeVisible();
    await expect(page.getByText('Incidents overview')).toBeVisible();
    expect([...chunks]).toEqual(['zh-TW', 'en']);
  });
});
