import type { DeviceReport, IngestPlatform, IngestResult } from '@portal/contracts/ingest';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { createIngestKey } from '../../src/domain/ingest/ingest-keys.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { seededRandom } from '../../src/simulator/random.ts';
import { buildCompany } from '../helpers/factories.ts';
import { buildCustomer, buildDevice, buildService, buildSite } from '../helpers/platform-factories.ts';

/**
 * What the ingest fault tests stream (issue 14 item 14): a small fleet (a VSS server with cameras behind
 * it, an NVR with channels, standalone cameras), batches of reports generated up front from a seed, every
 * report a unique id and a time of its own (so the last report of each field is known whatever order the
 * batches land in), and the checks after: device state = the last report per field, one open incident per
 * alert condition that holds and none else.
 */

export interface IngestFleet {
  keys: Record<IngestPlatform, string>;
  vss: string;
  vssCameras: string[];
  nvr: string;
  channels: string[];
  cameras: string[];
}

export async function buildIngestFleet(database: Database): Promise<IngestFleet> {
  const { db } = database;
  const company = await buildCompany(db, { name: 'Ingest Faults' });
  const site = await buildSite(db, await buildCustomer(db, company, { name: 'Fault Co' }));
  const vss = (await buildService(db, site)).id;
  const vssCameras: string[] = [];
  for (let i = 0; i < 8; i++)
    vssCameras.push((await buildDevice(db, site, { platform: 'second', service_id: vss })).id);
  const nvr = (await buildDevice(db, site, { device_type: 'NVR', device_category: 'SERVER' })).id;
  const channels: string[] = [];
  for (let i = 0; i < 4; i++)
    channels.push((await buildDevice(db, site, { device_type: 'NVR_CHANNEL', parent_device_id: nvr })).id);
  const cameras: string[] = [];
  for (let i = 0; i < 16; i++) cameras.push((await buildDevice(db, site)).id);
  return {
    keys: {
      VORTEX: (await createIngestKey(db, 'VORTEX', 'faults vortex')).key,
      VSS: (await createIngestKey(db, 'VSS', 'faults vss')).key,
    },
    vss,
    vssCameras,
    nvr,
    channels,
    cameras,
  };
}

export interface Batch {
  platform: IngestPlatform;
  reports: DeviceReport[];
}

/**
 * `count` batches of `size` reports, alternating platforms, reports dated from `start` one millisecond apart
 * (so no two share a time). Devices go offline and back, servers raise and clear flags, cameras fail to
 * record; about one report in five says a device is down.
 */
export function generateBatches(
  fleet: IngestFleet,
  options: { seed: number; count: number; size: number; start: number; prefix: string },
): Batch[] {
  const random = seededRandom(options.seed);
  const devices: Record<IngestPlatform, { id: string; server: boolean }[]> = {
    VORTEX: [
      { id: fleet.nvr, server: true },
      ...[...fleet.channels, ...fleet.cameras].map((id) => ({ id, server: false })),
    ],
    VSS: [{ id: fleet.vss, server: true }, ...fleet.vssCameras.map((id) => ({ id, server: false }))],
  };
  let time = options.start;
  let n = 0;
  const batches: Batch[] = [];
  for (let b = 0; b < options.count; b++) {
    const platform: IngestPlatform = b % 2 === 0 ? 'VORTEX' : 'VSS';
    const reports: DeviceReport[] = [];
    for (let r = 0; r < options.size; r++) {
      const device = random.pick(devices[platform]);
      const report: DeviceReport = {
        id: `${options.prefix}-${n++}`,
        deviceId: device.id,
        at: new Date(time++).toISOString(),
        connected: !random.chance(0.2),
      };
      if (random.chance(0.5)) report.recording = random.chance(0.8);
      if (device.server && random.chance(0.3))
        report.status = { diskFailed: random.chance(0.3), serverCPUHigh: random.chance(0.3) };
      if (!device.server && random.chance(0.2)) report.status = { recordFailed: random.chance(0.3) };
      reports.push(report);
    }
    batches.push({ platform, reports });
  }
  return batches;
}

export async function postBatch(url: string, fleet: IngestFleet, batch: Batch) {
  const res = await fetch(`${url}/api/ingest/v1/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fleet.keys[batch.platform]}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reports: batch.reports }),
  });
  const text = await res.text();
  return { status: res.status, text, result: res.status === 202 ? (JSON.parse(text) as IngestResult) : null };
}

/** The last value of each field per device, over every report sent. */
function expectedState(batches: readonly Batch[]) {
  const last = new Map<string, Map<string, { at: string; value: boolean }>>();
  for (const { reports } of batches)
    for (const report of reports) {
      const fields = last.get(report.deviceId) ?? new Map();
      const set = (field: string, value: boolean | undefined) => {
        if (value === undefined) return;
        const current = fields.get(field);
        if (!current || current.at <= report.at) fields.set(field, { at: report.at, value });
      };
      set('connected', report.connected);
      set('recording', report.recording);
      set('diskFailed', report.status?.diskFailed);
      set('serverCPUHigh', report.status?.serverCPUHigh);
      set('recordFailed', report.status?.recordFailed);
      last.set(report.deviceId, fields);
    }
  return last;
}

/** Every device says what its last reports said. */
export async function expectDevicesMatch(database: Database, batches: readonly Batch[]) {
  const rows = await database.db
    .selectFrom('devices')
    .select([
      'id',
      'offline',
      'online',
      'connected',
      'recording',
      'is_recording',
      'disk_failed',
      'server_cpu_high',
      'record_failed',
    ])
    .where('id', 'in', [...expectedState(batches).keys()])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const wrong: string[] = [];
  for (const [id, fields] of expectedState(batches)) {
    const row = byId.get(id);
    if (!row) throw new Error(`device ${id} missing`);
    const actual: Record<string, boolean | null> = {
      connected: !row.offline,
      recording: row.recording ?? row.is_recording,
      diskFailed: row.disk_failed,
      serverCPUHigh: row.server_cpu_high,
      recordFailed: row.record_failed,
    };
    for (const [field, { value }] of fields)
      if (actual[field] !== value) wrong.push(`${id}.${field}: ${actual[field]} instead of ${value}`);
  }
  expect(wrong).toEqual([]);
}

/**
 * Exactly one open incident per alert condition that holds, none for a condition that does not, each server
 * outage counting the devices down behind it. An offline device behind an offline server opens none of its
 * own (the server's counts it), but one it had open before its server went down stays open: zero or one.
 */
export async function expectIncidentsMatch(database: Database, fleet: IngestFleet) {
  const ids = [fleet.vss, ...fleet.vssCameras, fleet.nvr, ...fleet.channels, ...fleet.cameras];
  const conditions = await sql<{ device_id: string; category: string; alert_type: string; covered: boolean }>`
    select c.device_id, c.category, c.alert_type,
      c.alert_type = 'OFFLINE' and exists (
        select 1 from devices s where s.id in (d.parent_device_id, d.service_id) and s.offline) as covered
    from device_alert_conditions c join devices d on d.id = c.device_id
    where c.device_id = any(${ids}::text[])
    order by 1, 2, 3`.execute(database.db);
  const open = await sql<{ device_id: string; category: string; alert_type: string; n: number }>`
    select device_id, category, alert_type, count(*)::int as n from incidents
    where device_id = any(${ids}::text[]) and resolved_at is null and category <> 'LICENSE'
    group by 1, 2, 3 order by 1, 2, 3`.execute(database.db);
  const key = (row: { device_id: string; category: string; alert_type: string }) =>
    `${row.device_id} ${row.category} ${row.alert_type}`;
  expect(open.rows.filter((row) => row.n !== 1)).toEqual([]);
  const openKeys = new Set(open.rows.map(key));
  const holding = new Map(conditions.rows.map((row) => [key(row), row.covered]));
  expect(
    conditions.rows.filter((row) => !row.covered && !openKeys.has(key(row))).map(key),
    'conditions without their incident',
  ).toEqual([]);
  expect(
    [...openKeys].filter((k) => !holding.has(k)),
    'open incidents whose condition no longer holds',
  ).toEqual([]);
  const outages = await sql<{ device_id: string; affected_devices: number; down: number }>`
    select i.device_id, i.affected_devices, (select count(*)::int from devices c
      where (c.parent_device_id = i.device_id or c.service_id = i.device_id) and c.offline) as down
    from incidents i
    where i.device_id = any(${ids}::text[]) and i.alert_type = 'OFFLINE' and i.category = 'SERVER'
      and i.resolved_at is null`.execute(database.db);
  for (const outage of outages.rows) expect(outage.affected_devices, outage.device_id).toBe(outage.down);
}

/** Waits until the engine has nothing due (every debounce over and swept), then a little more. */
export async function engineSettled(database: Database, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // The debounce runs from when the portal received a report (issue 23 point 10), so an outage reported at
    // the end of the stream is due up to the tests' 2 s debounce after it: wait for everything due within 5 s.
    const due = await sql<{ n: number }>`
      select count(*)::int as n from devices where evaluate_at is not null and evaluate_at <= now() + interval '5 seconds'`.execute(
      database.db,
    );
    if ((due.rows[0]?.n ?? 0) === 0) break;
    if (Date.now() > deadline) throw new Error('the incident engine did not settle');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
