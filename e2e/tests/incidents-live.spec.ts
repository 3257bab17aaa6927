import { slowJourney, test } from '../support/fixtures.ts';
import { countLoads, incidentRows, openIncidents, shownSdCardErrors } from '../support/incidents.ts';
import { healthyCameraOf, ingestKeyOf, sendReports } from '../support/ingest.ts';
import { signInAs } from '../support/sign-in.ts';

// Sign-in runs SRP in the browser; a shared machine is slow.
const expect = slowJourney(180_000);
test.use({ companyKind: 'dealer' });

/**
 * Issue 14: a platform reports, the engine opens and resolves the incident, and the screens that are open
 * follow without a reload (the change stream): the dashboard's count, then the incidents page's rows.
 */
test('a device report opens an incident and the open screens follow without a reload', async ({
  page,
  request,
  company,
  serverDataDir,
}) => {
  const camera = await healthyCameraOf(request, company);
  const key = ingestKeyOf(serverDataDir, 'VORTEX');
  await signInAs(page, company.owner);

  await page.goto('/dashboard');
  const { sdCard, before } = await shownSdCardErrors(page);
  const loads = countLoads(page);

  // The SD card fails: the incident opens at once and the dashboard counts it within seconds.
  await sendReports(request, key, [{ deviceId: camera.id, status: { recordFailed: true } }]);
  await expect(sdCard).toHaveText(String(before + 1), { timeout: 10_000 });

  // The incidents page lists it; when the card recovers, it leaves the open list by itself.
  await openIncidents(page, { device: camera.id });
  // (The camera may have license incidents of its own beside it.)
  const row = incidentRows(page).filter({ hasText: camera.name }).filter({ hasText: 'SD card error' });
  await expect(row).toHaveCount(1);
  const reloadsBefore = loads();
  await sendReports(request, key, [{ deviceId: camera.id, status: { recordFailed: false } }]);
  await expect(row).toHaveCount(0, { timeout: 10_000 });
  expect(loads()).toBe(reloadsBefore);

  // Resolved, it is still in the device's history.
  await openIncidents(page, { device: camera.id, state: 'all' });
  await expect(incidentRows(page).filter({ hasText: 'SD card error' })).toHaveCount(1);
  await expect(incidentRows(page).filter({ hasText: 'SD card error' })).toContainText('Resolved');
});
