import { slowJourney, test } from '../support/fixtures.ts';
import { signInAs } from '../support/sign-in.ts';

const expect = slowJourney(180_000);
test.use({ companyKind: 'dealer' });

interface SiteLocationPage {
  items: { organizationId: string }[];
  next_cursor: string | null;
}

test('the map shows every customer with located sites, clustered, over the bundled outlines when tiles fail', async ({
  page,
  company,
}) => {
  // An air-gapped site: nothing but the portal itself answers (tiles included).
  await page.route(
    (url) => url.hostname !== 'localhost',
    (route) => route.abort('internetdisconnected'),
  );
  await signInAs(page, company.owner);
  const locations = page.waitForResponse((response) =>
    response.url().includes('/api/user-portal/companies/site-locations'),
  );
  await page.goto('/account?view=mapMode');
  const body = (await (await locations).json()) as SiteLocationPage;
  expect(body.next_cursor).toBeNull();
  const sites = body.items.length;
  const customers = new Set(body.items.map((item) => item.organizationId)).size;
  expect(sites).toBeGreaterThan(25);

  // Every customer of the list has located sites (the demo generator's), and each one is on the map.
  await expect(page.getByTestId('customer-count')).toHaveText(`${customers} customers`);
  const map = page.getByRole('region', { name: 'Map of sites' });

  // Bundled country outlines under the tiles and the markers.
  const land = map.locator('.leaflet-world-basemap-pane path.world-land');
  await expect(land.first()).toBeAttached();
  expect(await land.count()).toBeGreaterThan(100);
  const zIndex = (pane: string) =>
    map.locator(`.leaflet-${pane}-pane`).evaluate((element) => Number(getComputedStyle(element).zIndex));
  expect(await zIndex('world-basemap')).toBeLessThan(await zIndex('tile'));
  expect(await zIndex('tile')).toBeLessThan(await zIndex('overlay'));

  // Cluster counts and single site markers add up to every located site.
  const onMap = () =>
    map.evaluate((element) => {
      const clustered = [...element.querySelectorAll('[data-site-count]')].reduce(
        (sum, cluster) => sum + Number(cluster.getAttribute('data-site-count')),
        0,
      );
      const single = element.querySelectorAll('.leaflet-overlay-pane path.leaflet-interactive').length;
      return { clustered, total: clustered + single };
    });
  await expect.poll(async () => (await onMap()).total).toBe(sites);
  expect((await onMap()).clustered).toBeGreaterThan(0);

  // A cluster opens by zooming into it: the markers in view change.
  const counts = () =>
    map
      .locator('[data-site-count]')
      .evaluateAll((clusters) => clusters.map((c) => c.getAttribute('data-site-count')).join());
  const before = await counts();
  await map.locator('.site-cluster').first().click();
  await expect.poll(counts).not.toBe(before);
});
