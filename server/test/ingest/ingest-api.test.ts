import type { IngestDevicePage } from '@portal/contracts/ingest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL } from '../../src/domain/incidents/changes.ts';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  type BuiltSite,
  buildCustomer,
  buildDevice,
  buildIncident,
  buildService,
  buildSite,
  companyToken,
} from '../helpers/platform-factories.ts';
import { bearer } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { waitFor } from '../notifications/webhook-receiver.ts';
import { incidents, ingest, ingestKey, report } from './ingest-helpers.ts';

let t: TestApp;
let dealer: BuiltCompany;
let token: string;
let site: BuiltSite;
let vortexKey: string;
let vssKey: string;

const deviceRow = (id: string) =>
  t.app.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await buildTestApp({ INCIDENT_DEBOUNCE_SECONDS: '600' });
  dealer = await buildCompany(t.app.db);
  token = await companyToken(t.app, dealer);
  site = await buildSite(t.app.db, await buildCustomer(t.app.db, dealer, { name: 'Ingest Co' }));
  vortexKey = await ingestKey(t.app, 'VORTEX');
  vssKey = await ingestKey(t.app, 'VSS');
});
afterAll(() => t.close());

describe('POST /api/ingest/v1/reports', () => {
  it('refuses a missing or wrong key with 401', async () => {
    const camera = await buildDevice(t.app.db, site);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/reports',
      payload: { reports: [report(camera.id, { connected: false })] },
    });
    expect(none.statusCode).toBe(401);
    const wrong = await ingest(t.app, 'ppi_not-a-key', [report(camera.id, { connected: false })]);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('Invalid ingest key');
    expect((await deviceRow(camera.id)).online).toBe(true);
  });

  it('answers 400 naming the report and field of a malformed batch, and stores nothing of it', async () => {
    const camera = await buildDevice(t.app.db, site);
    const good = report(camera.id, { connected: false });
    for (const [bad, field] of [
      [{ ...report(camera.id, {}), at: 'yesterday' }, 'reports.1.at'],
      [{ ...report(camera.id, {}), connected: 'no' }, 'reports.1.connected'],
      [{ deviceId: camera.id, at: new Date().toISOString() }, 'reports.1.id'],
      [{ ...report(camera.id, {}), firmwareUpgradeState: 7 }, 'reports.1.firmwareUpgradeState'],
      [{ ...report(camera.id, {}), status: { diskFull: true } }, 'reports.1.status'],
      [{ ...report(camera.id, {}), at: new Date(Date.now() + 3600_000).toISOString() }, 'reports.1.at'],
    ] as const) {
      const response = await ingest(t.app, vortexKey, [good, bad]);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().detail).toContain(field);
    }
    const tooMany = await ingest(
      t.app,
      vortexKey,
      Array.from({ length: 1001 }, () => report(camera.id, {})),
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await ingest(t.app, vortexKey, [])).statusCode).toBe(400);
    expect((await deviceRow(camera.id)).online).toBe(true);
    // The good report was not kept as a receipt either: sent again, it is applied.
    const again = await ingest(t.app, vortexKey, [good]);
    expect(again.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    expect((await deviceRow(camera.id)).online).toBe(false);
  });

  it('applies a repeated id once, and rejects unknown devices and the other platform by index', async () => {
    const camera = await buildDevice(t.app.db, site);
    const vss = await buildService(t.app.db, site);
    const first = report(camera.id, { recording: false });
    const response = await ingest(t.app, vortexKey, [
      first,
      report('UNKNOWN00001', { connected: true }),
      report(vss.id, { connected: false }),
      first,
    ]);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      accepted: 1,
      duplicates: 1,
      rejected: [
        { index: 1, reason: 'Unknown device' },
        { index: 2, reason: 'The device is not a VORTEX device' },
      ],
    });
    const repeated = await ingest(t.app, vortexKey, [first]);
    expect(repeated.json()).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
    expect((await deviceRow(camera.id)).recording).toBe(false);
    // The VSS key reports for the VSS server.
    const vssReport = await ingest(t.app, vssKey, [report(vss.id, { recording: false })]);
    expect(vssReport.json().accepted).toBe(1);
    expect((await deviceRow(vss.id)).is_recording).toBe(false);
  });

  it('rejects by index a report older than 24 hours, year 0 included, and applies the rest of the batch', async () => {
    const camera = await buildDevice(t.app.db, site);
    const ancient = { ...report(camera.id, { connected: false }), at: '2000-01-01T00:00:00Z' };
    const yearZero = { ...report(camera.id, { connected: false }), at: '0000-01-01T00:00:00Z' };
    const dayAndMinute = report(camera.id, { connected: false }, 24 * 3600 + 60);
    const fresh = report(camera.id, { recording: false });
    const response = await ingest(t.app, vortexKey, [ancient, yearZero, fresh, dayAndMinute]);
    expect(response.statusCode, response.body).toBe(202);
    const reason = 'Too old: reports dated more than 24 hours ago are not applied';
    expect(response.json()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [
        { index: 0, reason },
        { index: 1, reason },
        { index: 3, reason },
      ],
    });
    const row = await deviceRow(camera.id);
    expect(row).toMatchObject({ online: true, recording: false, offline_since: null });
    expect(await incidents(t.app, token, `state=all&deviceId=${camera.id}`)).toEqual([]);
  });

  it('runs the debounce from when the portal learned of an outage, however old the report', async () => {
    const camera = await buildDevice(t.app.db, site);
    const late = report(camera.id, { connected: false }, 2 * 3600);
    const before = Date.now();
    const response = await ingest(t.app, vortexKey, [late]);
    expect(response.json().accepted).toBe(1);
    // Two hours past a 600 s debounce, yet no incident opens at once...
    expect(await incidents(t.app, token, `state=all&deviceId=${camera.id}`)).toEqual([]);
    // ...the device waits the whole debounce from now, and still says when it went down.
    const row = await deviceRow(camera.id);
    expect(new Date(row.offline_since as Date).toISOString()).toBe(late.at);
    expect(new Date(row.evaluate_at as Date).getTime()).toBeGreaterThanOrEqual(before - 1000 + 600_000);
  });

  it('keeps a field whose stored report is newer (out-of-order delivery)', async () => {
    const camera = await buildDevice(t.app.db, site);
    await ingest(t.app, vortexKey, [report(camera.id, { recording: false, connected: true }, 10)]);
    const late = await ingest(t.app, vortexKey, [
      report(camera.id, { recording: true, connected: false }, 60),
    ]);
    expect(late.json().accepted).toBe(1);
    const row = await deviceRow(camera.id);
    expect(row.recording).toBe(false);
    expect(row.online).toBe(true);
    // Within one batch too, the later report wins whatever the order.
    await ingest(t.app, vortexKey, [
      report(camera.id, { recording: true }, 1),
      report(camera.id, { recording: false }, 5),
    ]);
    expect((await deviceRow(camera.id)).recording).toBe(true);
  });

  it('opens an incident for a status flag at once, resolves it when cleared, and the dashboard counts it', async () => {
    const server = await buildService(t.app.db, site);
    const count = async () => {
      const stats = await t.app.inject({
        method: 'GET',
        url: '/api/user-portal/companies/statistics',
        headers: bearer(token),
      });
      return stats.json().incidents.open as number;
    };
    const before = await count();
    await ingest(t.app, vssKey, [
      report(server.id, { status: { diskFailed: true, serverCPUHigh: true } }, 30),
    ]);
    const open = (await incidents(t.app, token, `state=open&deviceId=${server.id}`))
      .map((i) => i.type)
      .sort();
    expect(open).toEqual(['DISK_FAILED', 'SERVER_CPU_HIGH']);
    expect(await count()).toBe(before + 2);

    await ingest(t.app, vssKey, [report(server.id, { status: { serverCPUHigh: false } }, 5)]);
    const all = await incidents(t.app, token, `state=all&deviceId=${server.id}`);
    const cpu = all.find((incident) => incident.type === 'SERVER_CPU_HIGH');
    expect(cpu?.resolvedAt).not.toBeNull();
    expect(all.find((incident) => incident.type === 'DISK_FAILED')?.resolvedAt).toBeNull();
    expect(await count()).toBe(before + 1);

    // A firmware upgrade that fails raises the camera's firmware incident; success resolves it.
    const camera = await buildDevice(t.app.db, site);
    await ingest(t.app, vortexKey, [report(camera.id, { firmwareUpgradeState: 12 }, 20)]);
    expect((await incidents(t.app, token, `state=open&deviceId=${camera.id}`)).map((i) => i.type)).toEqual([
      'FIRMWARE_UPDATE_FAILED',
    ]);
    await ingest(t.app, vortexKey, [report(camera.id, { firmwareUpgradeState: 11 }, 10)]);
    expect(await incidents(t.app, token, `state=open&deviceId=${camera.id}`)).toEqual([]);
  });

  it('opens no offline incident before the debounce', async () => {
    const camera = await buildDevice(t.app.db, site);
    await ingest(t.app, vortexKey, [report(camera.id, { connected: false })]);
    expect(await incidents(t.app, token, `deviceId=${camera.id}`)).toEqual([]);
    const row = await deviceRow(camera.id);
    expect(row.offline).toBe(true);
    expect(row.evaluate_at).not.toBeNull();
  });

  it('answers 429 past the per-key rate limit', async () => {
    const limited = await buildTestApp({ INGEST_RATE_LIMIT_PER_MINUTE: '2' }, { database: t.database });
    try {
      const camera = await buildDevice(t.app.db, site);
      const key = await ingestKey(t.app, 'VORTEX');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await ingest(limited.app, key, [report(camera.id, { recording: true })])).statusCode);
      expect(statuses).toEqual([202, 202, 429]);
    } finally {
      await limited.close();
    }
  });

  it('lists the devices of the key’s platform page by page, with the server each hangs behind', async () => {
    const vss = await buildService(t.app.db, site);
    const behind = await buildDevice(t.app.db, site, { platform: 'second', service_id: vss.id });
    const down = await buildDevice(t.app.db, site, { platform: 'second', connected: false });
    const nvr = await buildDevice(t.app.db, site, { device_type: 'NVR', device_category: 'SERVER' });
    const channel = await buildDevice(t.app.db, site, {
      device_type: 'NVR_CHANNEL',
      parent_device_id: nvr.id,
      recording: false,
    });
    const all = async (key: string) => {
      const items: { id: string; serverId: string | null; connected: boolean; recording: boolean }[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 100; page++) {
        const response: { statusCode: number; json(): IngestDevicePage } = await t.app.inject({
          method: 'GET',
          url: `/api/ingest/v1/devices?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          headers: bearer(key),
        });
        expect(response.statusCode).toBe(200);
        const body: IngestDevicePage = response.json();
        items.push(...body.items);
        cursor = body.next_cursor;
        if (!cursor) return items;
      }
      throw new Error('no end of pages');
    };
    const second = await all(vssKey);
    const ids = second.map((device) => device.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining([vss.id, behind.id, down.id]));
    expect(ids).not.toContain(nvr.id);
    expect(second.find((device) => device.id === behind.id)).toMatchObject({
      serverId: vss.id,
      connected: true,
      recording: true,
    });
    expect(second.find((device) => device.id === vss.id)?.serverId).toBeNull();
    expect(second.find((device) => device.id === down.id)?.connected).toBe(false);
    const first = await all(vortexKey);
    expect(first.find((device) => device.id === channel.id)).toMatchObject({
      serverId: nvr.id,
      type: 'NVR_CHANNEL',
      category: 'CAMERA',
      recording: false,
    });
    expect(first.map((device) => device.id)).not.toContain(vss.id);

    const noKey = await t.app.inject({ method: 'GET', url: '/api/ingest/v1/devices' });
    expect(noKey.statusCode).toBe(401);
    const badCursor = await t.app.inject({
      method: 'GET',
      url: "/api/ingest/v1/devices?cursor=' or 1=1",
      headers: bearer(vortexKey),
    });
    expect(badCursor.statusCode).toBe(400);
  });

  it('tells screens of devices whose shown state changed, not of heartbeats that repeat it', async () => {
    const camera = await buildDevice(t.app.db, site);
    const notices: { k: string[] }[] = [];
    const stop = await t.database.listen(CHANGES_CHANNEL, (payload) => notices.push(JSON.parse(payload)));
    try {
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
      await ingest(t.app, vortexKey, [report(camera.id, { connected: true, recording: true })]);
      await settle();
      expect(notices).toEqual([]);
      await ingest(t.app, vortexKey, [report(camera.id, { connected: true, recording: false })]);
      // Until it came (a loaded machine may take longer than the settling pause), then nothing more.
      await waitFor(() => notices.length > 0, 30_000);
      await settle();
      expect(notices.map((notice) => notice.k)).toEqual([['devices']]);
    } finally {
      await stop();
    }
  });

  it('makes a device’s seeded incidents agree with its first report, and leaves them to changes after', async () => {
    const server = await buildService(t.app.db, site);
    // Seeded: an open CPU incident while the flag is clear.
    await buildIncident(t.app.db, site, {
      category: 'SERVER',
      alert_type: 'SERVER_CPU_HIGH',
      deviceId: server.id,
    });
    await ingest(t.app, vssKey, [report(server.id, { connected: true })]);
    const [incident] = await incidents(t.app, token, `state=all&deviceId=${server.id}`);
    expect(incident?.resolvedAt).not.toBeNull();
  });
});
