import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  type BuiltSite,
  buildCustomer,
  buildDevice,
  buildLicense,
  buildService,
  buildSite,
  companyToken,
} from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually, incidents, ingest, ingestKey, report } from './ingest-helpers.ts';

/** The job queue runs; an offline condition must hold 2 s. */
const DEBOUNCE = 2;
let t: TestApp;
let dealer: BuiltCompany;
let rival: BuiltCompany;
let token: string;
let rivalToken: string;
let site: BuiltSite;
let vortexKey: string;
let vssKey: string;

beforeAll(async () => {
  t = await buildTestApp({ JOBS: 'true', INCIDENT_DEBOUNCE_SECONDS: String(DEBOUNCE) });
  dealer = await buildCompany(t.app.db);
  rival = await buildCompany(t.app.db);
  token = await companyToken(t.app, dealer);
  rivalToken = await companyToken(t.app, rival);
  site = await buildSite(t.app.db, await buildCustomer(t.app.db, dealer, { name: 'Engine Co' }));
  vortexKey = await ingestKey(t.app, 'VORTEX');
  vssKey = await ingestKey(t.app, 'VSS');
});
afterAll(() => t.close());

const openOf = async (deviceId: string) => incidents(t.app, token, `state=open&deviceId=${deviceId}`);

describe('incident engine', () => {
  it('opens an offline incident once the debounce has passed, since the device went offline', async () => {
    const camera = await buildDevice(t.app.db, site, { name: 'Door cam' });
    const offline = report(camera.id, { connected: false });
    await ingest(t.app, vortexKey, [offline]);
    expect(await openOf(camera.id)).toEqual([]);
    const [incident] = await eventually(async () => {
      const open = await openOf(camera.id);
      return open.length > 0 && open;
    });
    expect(incident).toMatchObject({
      category: 'CAMERA',
      type: 'OFFLINE',
      deviceName: 'Door cam',
      organizationName: 'Engine Co',
      startedAt: new Date(offline.at).toISOString(),
      resolvedAt: null,
    });
    // Back online: resolved at the report's time.
    const back = report(camera.id, { connected: true });
    await ingest(t.app, vortexKey, [back]);
    const [resolved] = await incidents(t.app, token, `state=all&deviceId=${camera.id}`);
    expect(resolved?.resolvedAt).toBe(new Date(back.at).toISOString());
  });

  it('reopens the same incident when the condition returns within the debounce (flapping)', async () => {
    const camera = await buildDevice(t.app.db, site);
    await ingest(t.app, vortexKey, [report(camera.id, { connected: false }, 60)]);
    const [first] = await eventually(async () => {
      const open = await openOf(camera.id);
      return open.length > 0 && open;
    });
    // Both made now: down again half a second after it came back, however long the first takes to land.
    const back = report(camera.id, { connected: true }, 1);
    const downAgain = report(camera.id, { connected: false }, 0.5);
    await ingest(t.app, vortexKey, [back]);
    expect(await openOf(camera.id)).toEqual([]);
    await ingest(t.app, vortexKey, [downAgain]);
    const again = await openOf(camera.id);
    expect(again.map((incident) => incident.id)).toEqual([first?.id]);
    const all = await incidents(t.app, token, `state=all&deviceId=${camera.id}`);
    expect(all).toHaveLength(1);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/user-portal/companies/incidents/${first?.id}`,
      headers: bearer(token),
    });
    expect(detail.json().events.map((event: { kind: string }) => event.kind)).toEqual([
      'opened',
      'resolved',
      'reopened',
    ]);
  });

  it('reopens nothing while another incident of the condition is open (duplicates the seed left, resolved by migration 0008)', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    const camera = await buildDevice(t.app.db, site, { online: false, offline_since: hoursAgo(3) });
    const incident = (started: Date, resolved: Date | null) => ({
      company_id: site.companyId,
      organization_id: site.organizationId,
      site_id: site.id,
      device_id: camera.id,
      category: 'CAMERA' as const,
      alert_type: 'OFFLINE',
      started_at: started,
      resolved_at: resolved,
    });
    await t.app.db
      .insertInto('incidents')
      .values([incident(hoursAgo(2), null), incident(hoursAgo(1), hoursAgo(0.1))])
      .execute();
    // Still offline: the platform says so again.
    const response = await ingest(t.app, vortexKey, [report(camera.id, { connected: false })]);
    expect(response.statusCode, response.body).toBe(202);
    const all = await incidents(t.app, token, `state=all&deviceId=${camera.id}`);
    expect(all.map((i) => i.resolvedAt === null)).toEqual([false, true]);
  });

  it('a server outage with 64 cameras behind it is one incident counting them, and cameras wait for its return', async () => {
    const server = await buildService(t.app.db, site, { device: { name: 'Core VSS' } });
    const cameras = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        buildDevice(t.app.db, site, { platform: 'second', name: `Cam ${i}`, service_id: server.id }),
      ),
    );
    await ingest(t.app, vssKey, [
      report(server.id, { connected: false }, 30),
      ...cameras.map((camera) => report(camera.id, { connected: false }, 29)),
    ]);
    const [outage] = await eventually(async () => {
      const open = await openOf(server.id);
      return open.length > 0 && open;
    });
    expect(outage).toMatchObject({ category: 'SERVER', type: 'OFFLINE', affectedDevices: 64 });
    const company = await incidents(t.app, token, 'state=open&type=OFFLINE');
    expect(
      company.filter((incident) => incident.siteId === site.id && incident.deviceName?.startsWith('Cam ')),
    ).toEqual([]);

    // The server returns, 60 cameras with it; the 4 still down open their own after a debounce of their own.
    await ingest(t.app, vssKey, [
      report(server.id, { connected: true }),
      ...cameras.slice(4).map((camera) => report(camera.id, { connected: true })),
    ]);
    expect((await incidents(t.app, token, `state=all&deviceId=${server.id}`))[0]?.resolvedAt).not.toBeNull();
    expect(await openOf(cameras[0]?.id ?? '')).toEqual([]);
    const down = await eventually(async () => {
      const open = await Promise.all(cameras.slice(0, 4).map((camera) => openOf(camera.id)));
      return open.every((list) => list.length === 1) && open.flat();
    });
    expect(down.map((incident) => incident.type)).toEqual(['OFFLINE', 'OFFLINE', 'OFFLINE', 'OFFLINE']);
  });

  it('acknowledges and mutes for the caller’s company only; a muted device opens no incident', async () => {
    const server = await buildService(t.app.db, site);
    await ingest(t.app, vssKey, [report(server.id, { status: { smartError: true } })]);
    const [incident] = await openOf(server.id);
    const url = `/api/user-portal/companies/incidents/${incident?.id}/acknowledge`;
    const foreign = await t.app.inject({ method: 'POST', url, headers: bearer(rivalToken) });
    expect(foreign.statusCode).toBe(404);
    const acknowledged = await t.app.inject({ method: 'POST', url, headers: bearer(token) });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().acknowledgedAt).not.toBeNull();
    expect(acknowledged.json().acknowledgedBy).toBe(dealer.owner.name || dealer.owner.email);
    expect(await incidents(t.app, rivalToken, `deviceId=${server.id}`)).toEqual([]);

    const camera = await buildDevice(t.app.db, site);
    const muteUrl = `/api/user-portal/companies/devices/${camera.id}/mute`;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: muteUrl,
          headers: bearer(rivalToken),
          payload: { minutes: 60 },
        })
      ).statusCode,
    ).toBe(404);
    const muted = await t.app.inject({
      method: 'POST',
      url: muteUrl,
      headers: bearer(token),
      payload: { minutes: 60 },
    });
    expect(muted.json().mutedUntil).not.toBeNull();
    await ingest(t.app, vortexKey, [report(camera.id, { status: { recordFailed: true } })]);
    expect(await openOf(camera.id)).toEqual([]);
    const unmuted = await t.app.inject({ method: 'DELETE', url: muteUrl, headers: bearer(token) });
    expect(unmuted.json().mutedUntil).toBeNull();
    const [opened] = await eventually(async () => {
      const open = await openOf(camera.id);
      return open.length > 0 && open;
    });
    expect(opened?.type).toBe('RECORDING_FAILED');
  });

  it('opens license incidents for expired and expiring licenses at start, one per device and state', async () => {
    const fresh = await buildTestApp({ JOBS: 'true' }, { database: t.database });
    try {
      const customer = await buildCustomer(t.app.db, dealer, { name: 'License Co' });
      const licenseSite = await buildSite(t.app.db, customer);
      const camera = await buildDevice(t.app.db, licenseSite);
      await buildLicense(t.app.db, customer, { deviceId: camera.id, expiresInDays: -2 });
      await buildLicense(t.app.db, customer, {
        deviceId: camera.id,
        type: 'CLOUD_BACKUP',
        retention: 30,
        expiresInDays: 10,
      });
      const restarted = await buildTestApp({ JOBS: 'true' }, { database: t.database });
      try {
        const open = await eventually(async () => {
          const list = await incidents(t.app, token, `state=open&category=LICENSE&deviceId=${camera.id}`);
          return list.length === 2 && list;
        });
        expect(open.map((incident) => incident.type).sort()).toEqual(['EXPIRED', 'EXPIRING']);
      } finally {
        await restarted.close();
      }
    } finally {
      await fresh.close();
    }
  });

  describe('with a debounce long enough for a loaded machine (15 s)', () => {
    // What a test sends right after (a blip's end, a server's return) lands inside the debounce however busy
    // the machine; what stays down shows once the engine's pass after the debounce has run.
    const LONG_DEBOUNCE = 15;
    let slow: TestApp;
    let slowToken: string;
    let slowSite: BuiltSite;
    beforeAll(async () => {
      slow = await buildTestApp({ JOBS: 'true', INCIDENT_DEBOUNCE_SECONDS: String(LONG_DEBOUNCE) });
      const slowDealer = await buildCompany(slow.app.db);
      slowToken = await companyToken(slow.app, slowDealer);
      slowSite = await buildSite(slow.app.db, await buildCustomer(slow.app.db, slowDealer));
    }, 120_000);
    afterAll(() => slow.close());
    const incidentsOf = (deviceId: string, state: 'open' | 'all') =>
      incidents(slow.app, slowToken, `state=${state}&deviceId=${deviceId}`);
    const firstOpened = (deviceId: string) =>
      eventually(async () => {
        const open = await incidentsOf(deviceId, 'open');
        return open.length > 0 && open;
      }, 90_000);

    it('opens nothing for a blip shorter than the debounce', { timeout: 120_000 }, async () => {
      const key = await ingestKey(slow.app, 'VORTEX');
      const blip = await buildDevice(slow.app.db, slowSite);
      const down = await buildDevice(slow.app.db, slowSite);
      await ingest(slow.app, key, [
        report(blip.id, { connected: false }),
        report(down.id, { connected: false }),
      ]);
      await ingest(slow.app, key, [report(blip.id, { connected: true })]);
      await firstOpened(down.id);
      expect(await incidentsOf(blip.id, 'all')).toEqual([]);
    });

    it('a camera down behind a server that came back within the debounce (no outage opened) opens its own incident', {
      timeout: 120_000,
    }, async () => {
      // The camera's pass finds its server offline and waits for no time of its own; the server returns
      // before its own debounce, so no outage is resolved to re-arm the camera.
      const key = await ingestKey(slow.app, 'VSS');
      const server = await buildService(slow.app.db, slowSite);
      const camera = await buildDevice(slow.app.db, slowSite, { platform: 'second', service_id: server.id });
      await ingest(slow.app, key, [
        report(server.id, { connected: false }),
        report(camera.id, { connected: false }),
      ]);
      await ingest(slow.app, key, [report(server.id, { connected: true })]);
      const [incident] = await firstOpened(camera.id);
      expect(incident).toMatchObject({ type: 'OFFLINE', resolvedAt: null });
      expect(await incidentsOf(server.id, 'all')).toEqual([]);
    });
  });
});
