import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/simulator/run.ts';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import { buildCustomer, buildDevice, buildService, buildSite } from '../helpers/platform-factories.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { ingestKey } from '../ingest/ingest-helpers.ts';
import { waitFor } from '../notifications/webhook-receiver.ts';

/** The simulator against the real server over HTTP: everything it sends is accepted and applied. */
let t: TestApp;
let dealer: BuiltCompany;

beforeAll(async () => {
  t = await buildTestApp({ JOBS: 'true', INCIDENT_DEBOUNCE_SECONDS: '1' }, { listen: true });
  dealer = await buildCompany(t.app.db);
  const site = await buildSite(t.app.db, await buildCustomer(t.app.db, dealer, { name: 'Sim Co' }));
  for (let s = 0; s < 3; s++) {
    const server = await buildService(t.app.db, site);
    for (let c = 0; c < 6; c++)
      await buildDevice(t.app.db, site, { platform: 'second', service_id: server.id });
  }
  const nvr = await buildDevice(t.app.db, site, { device_type: 'NVR', device_category: 'SERVER' });
  for (let c = 0; c < 4; c++)
    await buildDevice(t.app.db, site, { device_type: 'NVR_CHANNEL', parent_device_id: nvr.id });
  for (let c = 0; c < 20; c++) await buildDevice(t.app.db, site, { online: c % 5 !== 0 });
});
afterAll(() => t.close());

describe('npm run simulate (startSimulator)', () => {
  it('drives both platforms; the devices end as it last said, and incidents open', async () => {
    const lines: string[] = [];
    const simulator = await startSimulator({
      url: t.url as string,
      keys: [
        { platform: 'VORTEX', key: await ingestKey(t.app, 'VORTEX') },
        { platform: 'VSS', key: await ingestKey(t.app, 'VSS') },
      ],
      rate: 150,
      durationSeconds: 6,
      seed: 42,
      debounceSeconds: 1,
      batchSize: 50,
      scenariosPerMinute: 600,
      summaryEverySeconds: 2,
      log: (line) => lines.push(line),
    });
    expect(simulator.devices).toEqual({ VORTEX: 25, VSS: 21 });
    const totals = await simulator.done;
    expect(totals.sent).toBeGreaterThan(600);
    expect(totals).toMatchObject({ errors: 0, lost: 0, rejected: 0, duplicates: 0 });
    expect(totals.accepted).toBe(totals.sent);
    expect(totals.scenarios).toBeGreaterThan(10);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.at(-1)).toMatch(
      /^simulate \d+:\d\d · [\d,]+ reports sent \([\d,]+\/s\) · [\d,]+ accepted · 0 duplicates/,
    );

    const rows = await t.app.db
      .selectFrom('devices')
      .select(['id', 'offline'])
      .where('company_id', '=', dealer.id)
      .execute();
    const states = simulator.states();
    const mismatched = rows.filter((row) => states.get(row.id)?.connected === row.offline);
    expect(mismatched).toEqual([]);
    const incidents = await t.app.db
      .selectFrom('incidents')
      .select('alert_type')
      .where('company_id', '=', dealer.id)
      .execute();
    expect(incidents.length).toBeGreaterThan(0);
  });

  it('stops early on stop(), answering every batch in flight', async () => {
    const simulator = await startSimulator({
      url: t.url as string,
      keys: [{ platform: 'VORTEX', key: await ingestKey(t.app, 'VORTEX') }],
      rate: 100,
      seed: 1,
      debounceSeconds: 600,
      summaryEverySeconds: 0,
      log: () => {},
    });
    // Until more than 50 were sent (about half a second at 100 a second; longer on a loaded machine).
    await waitFor(() => simulator.totals().sent > 50, 30_000);
    const totals = await simulator.stop();
    expect(totals.sent).toBeGreaterThan(50);
    expect(totals.accepted).toBe(totals.sent);
  });
});
