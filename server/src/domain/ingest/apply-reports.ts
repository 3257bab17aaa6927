import type { DeviceReport, IngestResult, ReportedStatusFlag } from '@portal/contracts/ingest';
import { type Kysely, sql } from 'kysely';
import { type Column, col, EXAMPLE_UUID, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { STATUS_COLUMNS } from '../devices/site-devices.ts';
import { notifyChanges } from '../incidents/changes.ts';
import { evaluateDevices } from '../incidents/engine.ts';
import { changedIncidents, emptyTally, type IncidentTally } from '../incidents/incident-tally.ts';
import { foldReports, type ReportedField } from './fold-reports.ts';
import { DEVICE_PLATFORM_OF, type IngestKey } from './ingest-keys.ts';

/** Device column of each reported status flag (offline is generated from `connected`). */
const { offline: _offline, ...FLAG_COLUMNS }: Record<ReportedStatusFlag | 'offline', string> = STATUS_COLUMNS;

/** Each reported field's name in the statement's input (`v_<name>` value, `t_<name>` report time). */
const INPUT_NAMES: Record<ReportedField, string> = {
  connected: 'connected',
  recording: 'recording',
  firmwareUpgradeState: 'firmware',
  ...FLAG_COLUMNS,
};
const FIELDS = Object.keys(INPUT_NAMES) as ReportedField[];

/** Each reported field's value (`v_<name>`) and report time (`t_<name>`) in the statement's input `i`. */
const value = (field: ReportedField) => sql.ref(`i.v_${INPUT_NAMES[field]}`);
const reportedAt = (field: ReportedField) => sql.ref(`i.t_${INPUT_NAMES[field]}`);

/** Whether the batch's value of `field` is at least as new as the one the device holds. */
const newer = (field: ReportedField) =>
  sql`(${reportedAt(field)} is not null and ${reportedAt(field)} >= coalesce((d.reported_at ->> ${sql.lit(field)})::timestamptz, '-infinity'::timestamptz))`;

const inputColumns = sql.join(
  FIELDS.flatMap((field) => [
    sql`${sql.id(`v_${INPUT_NAMES[field]}`)} ${field === 'firmwareUpgradeState' ? sql`smallint` : sql`boolean`}`,
    sql`${sql.id(`t_${INPUT_NAMES[field]}`)} timestamptz`,
  ]),
);

/**
 * When the portal learned that a device went offline: the report's time, or now when the report comes late.
 * The debounce runs from here, so a late report (hours old) waits the whole debounce like a fresh one
 * instead of opening an incident at once (issue 23 item 10); offline_since still says when it went down.
 */
const LEARNED = sql`greatest(i.t_connected, now())`;

/** What a device holds before and after a batch: what screens show and what alert conditions read. */
const STATE_COLUMNS = [
  'offline',
  'recording',
  'is_recording',
  'firmware_upgrade_state',
  ...Object.values(FLAG_COLUMNS),
];

/** A device's state as the statements return it (every state column a boolean but one). */
const STATE_COLUMN_TYPES: Record<string, Column<boolean | number | null>> = Object.fromEntries(
  STATE_COLUMNS.map((column) => [
    column,
    column === 'firmware_upgrade_state' ? col.int2().orNull() : col.bool().orNull(),
  ]),
);

/*
 * One statement applies a whole batch. Every SET expression reads the row as it was (`d`), so each field
 * keeps its newer value, offline_since/debounce_from start when a device goes offline and end when it
 * returns, and evaluate_at asks the engine to look again when the debounce is over.
 */
const applyQuery = rawQuery(
  'ingest: reports applied to devices',
  { id: col.text(), ...STATE_COLUMN_TYPES },
  (input: unknown[], debounceSeconds: number) => sql`
  update devices d set
    online = case when d.platform = 'first' and ${newer('connected')} then i.v_connected else d.online end,
    connected = case when d.platform = 'second' and ${newer('connected')} then i.v_connected else d.connected end,
    recording = case when d.platform = 'first' and ${newer('recording')} then i.v_recording else d.recording end,
    is_recording = case when d.platform = 'second' and ${newer('recording')} then i.v_recording
      else d.is_recording end,
    firmware_upgrade_state = case when d.platform = 'first' and ${newer('firmwareUpgradeState')} then i.v_firmware
      else d.firmware_upgrade_state end,
    ${sql.join(
      (Object.entries(FLAG_COLUMNS) as [ReportedField, string][]).map(
        ([flag, column]) =>
          sql`${sql.id(column)} = case when ${newer(flag)} then ${value(flag)} else ${sql.ref(`d.${column}`)} end`,
      ),
    )},
    last_online_at = case when ${newer('connected')} and i.v_connected
      then greatest(d.last_online_at, i.t_connected) else d.last_online_at end,
    offline_since = case when ${newer('connected')} then
        case when i.v_connected then null when d.offline then coalesce(d.offline_since, i.t_connected)
          else i.t_connected end
      else d.offline_since end,
    debounce_from = case when ${newer('connected')} then
        case when i.v_connected then null when d.offline then d.debounce_from else ${LEARNED} end
      else d.debounce_from end,
    evaluate_at = case when ${newer('connected')} and not i.v_connected and not d.offline
      then ${LEARNED} + make_interval(secs => ${debounceSeconds}) else d.evaluate_at end,
    reported_at = d.reported_at || jsonb_strip_nulls(jsonb_build_object(${sql.join(
      FIELDS.map((field) => sql`${sql.lit(field)}, case when ${newer(field)} then ${reportedAt(field)} end`),
    )}))
  from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i (device_id text, ${inputColumns})
  where d.id = i.device_id
  returning d.id, ${sql.join(STATE_COLUMNS.map((column) => sql.ref(`d.${column}`)))}`,
  [[], 60],
);

export interface ApplyOptions {
  /** INCIDENT_DEBOUNCE_SECONDS: how long an offline condition must hold before it opens an incident. */
  debounceSeconds: number;
  /** INGEST_MAX_REPORT_AGE_HOURS: an older report is rejected by index, never applied. */
  maxReportAgeHours: number;
  /**
   * Called inside the transaction, before it commits, when the batch opened, resolved or reopened
   * incidents: the webhook fan-out that the commit wakes may run before `applyReports` returns.
   */
  incidentsChanging?: () => void;
}

/** The reason given, by index, for a report dated before the bound. */
export const tooOldReason = (hours: number) =>
  `Too old: reports dated more than ${hours} hours ago are not applied`;

export interface ApplyResult extends IngestResult {
  /** The earliest time the engine must look at a device again (a debounce running), if any. */
  evaluateAt: Date | null;
  /** Incidents the batch opened and resolved, by category. */
  incidents: IncidentTally;
}

/** The columns an alert condition (device_alert_conditions) reads: only their change can change incidents. */
const ALERT_COLUMNS = ['offline', ...Object.values(FLAG_COLUMNS)];

type DeviceState = { id: string } & Record<string, unknown>;

/** The devices of a batch, locked, with what they hold now. */
const lockDevicesQuery = rawQuery(
  'ingest: devices of a batch, locked',
  {
    id: col.text(),
    platform: col.text<'first' | 'second'>(),
    /** No report applied yet (seeded): its incidents may not say what it says. */
    unreported: col.bool(),
    ...STATE_COLUMN_TYPES,
  },
  (deviceIds: string[]) => sql`
        select id, platform, reported_at = '{}'::jsonb as unreported, ${sql.join(STATE_COLUMNS.map((column) => sql.ref(column)))}
        from devices where id = any(${deviceIds}::text[])
        order by id for no key update`,
  [['device']],
);
type LockedDevice = DeviceState & { platform: 'first' | 'second'; unreported: boolean };

const receiptsQuery = rawQuery(
  'ingest: receipts of fresh reports',
  { report_id: col.text() },
  (keyId: string, reportIds: string[]) => sql`
      insert into ingest_receipts (key_id, report_id)
      select ${keyId}, id from unnest(${reportIds}::text[]) as id
      on conflict do nothing
      returning report_id`,
  [EXAMPLE_UUID, ['report']],
);

/**
 * Applies a batch of reports of one key (issue 14): duplicates (by report id, per key) are counted and
 * skipped, reports older than the bound, of unknown devices and of the other platform are rejected by index, the rest updates
 * the devices and runs the incident engine over those whose alert state changed, all in one transaction
 * with the receipts: a report answered as accepted is applied exactly once, and a failure stores nothing.
 *
 * The engine looks only at devices whose state an alert condition reads (offline, status flags) changed,
 * and at devices reported for the first time (their seeded incidents are made to agree): a heartbeat that
 * repeats what a device already said changes no incident, so it costs the engine nothing. Screens are
 * told (NOTIFY, kind `devices`) of devices whose shown state changed; a heartbeat that only moves
 * lastOnlineTime tells none.
 */
export async function applyReports(
  db: Kysely<DB>,
  key: IngestKey,
  reports: readonly DeviceReport[],
  options: ApplyOptions,
): Promise<ApplyResult> {
  const platform = DEVICE_PLATFORM_OF[key.platform];
  const deviceIds = [...new Set(reports.map((report) => report.deviceId))].sort();
  const reportedUp = new Set(
    reports.filter((report) => report.connected === true).map((report) => report.deviceId),
  );

  return withDeadlockRetry(() =>
    db.transaction().execute(async (trx) => {
      // Rows locked first, in id order: two batches touching the same devices queue instead of deadlocking
      // (receipts come after, in id order too), and what they hold now tells what the batch changes.
      // NO KEY UPDATE (what an update of non-key columns takes anyway), not UPDATE: a device written twice
      // in one transaction has its foreign keys checked again, which KEY SHARE-locks its NVR or server row,
      // and FOR UPDATE there (another batch holding that server) closed a deadlock.
      const locked: LockedDevice[] = (await lockDevicesQuery(deviceIds).execute(trx)).rows;
      const before = new Map(locked.map((row) => [row.id, row]));

      const rejected: IngestResult['rejected'] = [];
      const valid: DeviceReport[] = [];
      const oldest = Date.now() - options.maxReportAgeHours * 3600_000;
      reports.forEach((report, index) => {
        const devicePlatform = before.get(report.deviceId)?.platform;
        // Before anything reads the date: year 0 or 2000 says nothing about a device now (and the database
        // has no year 0).
        if (Date.parse(report.at) < oldest)
          rejected.push({ index, reason: tooOldReason(options.maxReportAgeHours) });
        else if (!devicePlatform) rejected.push({ index, reason: 'Unknown device' });
        else if (devicePlatform !== platform)
          rejected.push({ index, reason: `The device is not a ${key.platform} device` });
        else if (platform === 'second' && report.firmwareUpgradeState !== undefined)
          rejected.push({ index, reason: 'firmwareUpgradeState is reported for VORTEX devices only' });
        else valid.push(report);
      });
      if (valid.length === 0)
        return { accepted: 0, duplicates: 0, rejected, evaluateAt: null, incidents: emptyTally() };

      // A server that comes back: the engine re-arms the devices still down behind it, so they are locked
      // now too. (Out of id order, so rarely a deadlock with a batch holding one of them: retried.)
      const returning = locked.filter((row) => row.offline && reportedUp.has(row.id)).map((row) => row.id);
      if (returning.length > 0)
        await sql`
          select id from devices
          where (parent_device_id = any(${returning}::text[]) or service_id = any(${returning}::text[])) and offline
          order by id for no key update`.execute(trx);

      // Receipts in id order, so two batches sharing ids wait for each other instead of deadlocking.
      const ids = [...new Set(valid.map((report) => report.id))].sort();
      const fresh = await receiptsQuery(key.id, ids).execute(trx);
      const freshIds = new Set(fresh.rows.map((row) => row.report_id));
      const seen = new Set<string>();
      const toApply = valid.filter((report) => {
        if (!freshIds.has(report.id) || seen.has(report.id)) return false;
        seen.add(report.id);
        return true;
      });
      const duplicates = valid.length - toApply.length;
      if (toApply.length === 0)
        return { accepted: 0, duplicates, rejected, evaluateAt: null, incidents: emptyTally() };

      const updates = foldReports(toApply);
      const input = updates.map((update) => {
        const row: Record<string, unknown> = { device_id: update.deviceId };
        for (const [field, value] of Object.entries(update.fields)) {
          const name = INPUT_NAMES[field as ReportedField];
          row[`v_${name}`] = value.value;
          row[`t_${name}`] = value.at;
        }
        return row;
      });
      const after = await applyQuery(input, options.debounceSeconds).execute(trx);
      const differs = (row: DeviceState, columns: readonly string[]) => {
        const old = before.get(row.id) as LockedDevice;
        return columns.some((column) => old[column] !== row[column]);
      };
      const shown = after.rows.filter((row) => differs(row, STATE_COLUMNS)).map((row) => row.id);
      const alerting = after.rows
        .filter((row) => before.get(row.id)?.unreported || differs(row, ALERT_COLUMNS))
        .map((row) => row.id)
        .sort();
      const engine = await evaluateDevices(trx, alerting, options.debounceSeconds, ['incidents']);
      if (changedIncidents(engine.tally)) options.incidentsChanging?.();
      if (shown.length > 0) await notifyChanges(trx, shown, ['devices']);
      return {
        accepted: toApply.length,
        duplicates,
        rejected,
        evaluateAt: engine.evaluateAt,
        incidents: engine.tally,
      };
    }),
  );
}

/** PostgreSQL's deadlock and serialization failures: the transaction stored nothing, so it may run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a transaction again (up to 3 times in all) when PostgreSQL aborted it as a deadlock victim. The
 * locks are taken in one order so that it should not happen; this is the net under that.
 */
async function withDeadlockRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 3 || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}
