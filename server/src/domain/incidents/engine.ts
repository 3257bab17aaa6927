import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { col, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { type ChangeKind, notifyChanges } from './changes.ts';
import {
  addTally,
  changedIncidents,
  countByCategory,
  emptyTally,
  type IncidentTally,
} from './incident-tally.ts';

/*
 * The incident engine (issue 14). It looks at devices whose state changed (a batch of reports) or whose
 * time came (a debounce or a mute ended) and makes the incidents say what the devices say:
 *
 * 1. an open incident whose condition no longer holds is resolved, at the time the report cleared it;
 * 2. a server that came back restarts the debounce of the devices still down behind it (after an outage), or
 *    lets them finish their own (back within its debounce, no outage opened);
 * 3. a condition that returns within the debounce after its incident resolved reopens that incident;
 * 4. a condition that holds without an open incident opens one: at once for status flags; for OFFLINE only
 *    after INCIDENT_DEBOUNCE_SECONDS offline, and never for a device behind a server that is offline
 *    (topology: the server's incident covers it and counts it in affected_devices); never while muted;
 * 5. each device gets its next evaluate_at (debounce or mute end) and a server outage its affected count;
 * 6. the companies concerned are told (NOTIFY), so open screens refetch.
 *
 * Callers hold the device rows (FOR NO KEY UPDATE), so one device is evaluated by one transaction at a time; the
 * unique index of open incidents makes a second incident for one condition impossible anyway.
 */

/** A device behind an offline server: its own outage is the server's. */
const BEHIND_OFFLINE_SERVER = sql`exists (
  select 1 from devices s
  where s.id in (d.parent_device_id, d.service_id) and s.device_category = 'SERVER' and s.offline)`;
const NOT_MUTED = sql`(d.muted_until is null or d.muted_until <= now())`;
const HAS_OPEN_OFFLINE = sql`exists (
  select 1 from incidents o where o.device_id = d.id and o.alert_type = 'OFFLINE' and o.resolved_at is null)`;

const idsOf = (deviceIds: readonly string[]) => sql`${[...deviceIds]}::text[]`;
const debounceOf = (seconds: number) => sql`make_interval(secs => ${seconds})`;

/** At most this many devices per transaction of the sweep. */
const SWEEP_BATCH = 1000;

const resolvedQuery = rawQuery(
  'engine: incidents resolved',
  { device_id: col.text(), resolved_at: col.timestamptz(), server_outage: col.bool(), category: col.text() },
  (ids: RawBuilder<unknown>) => sql`
    with resolved as (
      update incidents i
      set resolved_at = greatest(i.started_at,
        least(now(), coalesce((d.reported_at ->> alert_reported_field(i.alert_type))::timestamptz, now())))
      from devices d
      where d.id = any(${ids}) and i.device_id = d.id and i.resolved_at is null and i.category <> 'LICENSE'
        and not exists (
          select 1 from device_alert_conditions c
          where c.device_id = i.device_id and c.category = i.category and c.alert_type = i.alert_type)
      returning i.id, i.device_id, i.resolved_at, i.category,
        i.category = 'SERVER' and i.alert_type = 'OFFLINE' as server_outage
    ), events as (
      insert into incident_events (incident_id, at, kind) select id, resolved_at, 'resolved' from resolved
    )
    select device_id, resolved_at, server_outage, category from resolved`,
  [idsOf(['device'])],
);

const rearmedQuery = rawQuery(
  'engine: devices re-armed behind a returned server',
  { evaluate_at: col.timestamptz() },
  (debounce: RawBuilder<unknown>, serverIds: string[], returnedAt: Date[]) => sql`
      update devices c
      set debounce_from = greatest(coalesce(c.debounce_from, c.offline_since), s.at),
        evaluate_at = greatest(coalesce(c.debounce_from, c.offline_since), s.at) + ${debounce}
      from unnest(${serverIds}::text[],
        ${returnedAt}::timestamptz[]) as s (id, at)
      where (c.parent_device_id = s.id or c.service_id = s.id) and c.offline and c.device_category is not null
        and not exists (
          select 1 from incidents o where o.device_id = c.id and o.alert_type = 'OFFLINE' and o.resolved_at is null)
      returning c.evaluate_at`,
  [debounceOf(60), ['server'], [new Date(0)]],
);

const unheldQuery = rawQuery(
  'engine: devices behind a server online again, with no time to look again',
  { evaluate_at: col.timestamptz() },
  (ids: RawBuilder<unknown>, debounce: RawBuilder<unknown>) => sql`
      update devices c
      set evaluate_at = greatest(c.debounce_from + ${debounce}, now())
      from devices s
      where s.id = any(${ids}) and s.device_category = 'SERVER' and not s.offline
        and (c.parent_device_id = s.id or c.service_id = s.id)
        and c.offline and c.device_category is not null and c.debounce_from is not null and c.evaluate_at is null
        and not exists (
          select 1 from incidents o where o.device_id = c.id and o.alert_type = 'OFFLINE' and o.resolved_at is null)
      returning c.evaluate_at`,
  [idsOf(['server']), debounceOf(60)],
);

const reopenedQuery = rawQuery(
  'engine: incidents reopened',
  { id: col.int8(), category: col.text() },
  (ids: RawBuilder<unknown>, debounce: RawBuilder<unknown>) => sql`
    with candidates as (
      select c.device_id, c.category, c.alert_type, coalesce(c.since, now()) as since
      from device_alert_conditions c join devices d on d.id = c.device_id
      where c.device_id = any(${ids}) and ${NOT_MUTED}
        and (c.alert_type <> 'OFFLINE' or not ${BEHIND_OFFLINE_SERVER})
        -- Another incident of the condition may still be open (two the seed left, one resolved by
        -- migration 0008): it goes on, nothing reopens.
        and not exists (
          select 1 from incidents o
          where o.device_id = c.device_id and o.category = c.category and o.alert_type = c.alert_type
            and o.resolved_at is null)
    ), reopened as (
      update incidents i set resolved_at = null
      from candidates c
      where i.id = (
          select j.id from incidents j
          where j.device_id = c.device_id and j.category = c.category and j.alert_type = c.alert_type
          order by j.started_at desc, j.id desc limit 1)
        and i.resolved_at is not null and i.resolved_at >= c.since - ${debounce}
      returning i.id, i.category
    ), events as (
      insert into incident_events (incident_id, at, kind) select id, now(), 'reopened' from reopened
    )
    select id, category from reopened`,
  [idsOf(['device']), debounceOf(60)],
);

const openedQuery = rawQuery(
  'engine: incidents opened',
  { id: col.int8(), category: col.text() },
  (ids: RawBuilder<unknown>, debounce: RawBuilder<unknown>) => sql`
    with opened as (
      insert into incidents (company_id, organization_id, site_id, device_id, category, alert_type, started_at)
      select c.company_id, c.organization_id, c.site_id, c.device_id, c.category, c.alert_type,
        least(now(), coalesce(c.since, now()))
      from device_alert_conditions c join devices d on d.id = c.device_id
      where c.device_id = any(${ids}) and ${NOT_MUTED}
        and (c.alert_type <> 'OFFLINE' or (
          d.debounce_from is not null and d.debounce_from <= now() - ${debounce} and not ${BEHIND_OFFLINE_SERVER}))
        and not exists (
          select 1 from incidents o
          where o.device_id = c.device_id and o.category = c.category and o.alert_type = c.alert_type
            and o.resolved_at is null)
      on conflict do nothing
      returning id, started_at, category
    ), events as (
      insert into incident_events (incident_id, at, kind) select id, started_at, 'opened' from opened
    )
    select id, category from opened`,
  [idsOf(['device']), debounceOf(60)],
);

const pendingQuery = rawQuery(
  'engine: next evaluation of devices',
  { evaluate_at: col.timestamptz().orNull() },
  (ids: RawBuilder<unknown>) => sql`
    select min(evaluate_at) as evaluate_at from devices where id = any(${ids}) and evaluate_at is not null`,
  [idsOf(['device'])],
);

const outagesQuery = rawQuery(
  'engine: server outages to count, locked',
  { id: col.int8() },
  (ids: RawBuilder<unknown>) => sql`
    select i.id from incidents i
    where i.category = 'SERVER' and i.alert_type = 'OFFLINE' and i.resolved_at is null
      and i.device_id in (
        select unnest(${ids})
        union select coalesce(parent_device_id, service_id) from devices where id = any(${ids}))
    order by i.id
    for no key update`,
  [idsOf(['device'])],
);

const dueQuery = rawQuery(
  'engine: devices due, locked',
  { id: col.text() },
  () => sql`
        select id from devices where evaluate_at <= now()
        order by evaluate_at limit ${SWEEP_BATCH} for no key update skip locked`,
  [],
);

const nextDueQuery = rawQuery(
  'engine: next device due',
  { at: col.timestamptz().orNull() },
  () => sql`select min(evaluate_at) as at from devices`,
  [],
);

export interface EvaluationResult {
  opened: number;
  reopened: number;
  resolved: number;
  /** The same by category (opened counts the reopened). */
  tally: IncidentTally;
  /** The earliest time one of these devices must be evaluated again, if any. */
  evaluateAt: Date | null;
}

export async function evaluateDevices(
  trx: Transaction<DB>,
  deviceIds: readonly string[],
  debounceSeconds: number,
  kinds: readonly ChangeKind[] = ['incidents'],
): Promise<EvaluationResult> {
  if (deviceIds.length === 0)
    return { opened: 0, reopened: 0, resolved: 0, tally: emptyTally(), evaluateAt: null };
  const ids = idsOf(deviceIds);
  const debounce = debounceOf(debounceSeconds);

  const resolved = await resolvedQuery(ids).execute(trx);

  const returnedServers = resolved.rows.filter((row) => row.server_outage);
  let rearmedAt: Date | null = null;
  if (returnedServers.length > 0) {
    // Devices still down behind a returned server wait a debounce of their own from its return.
    const rearmed = await rearmedQuery(
      debounce,
      returnedServers.map((row) => row.device_id),
      returnedServers.map((row) => row.resolved_at),
    ).execute(trx);
    for (const row of rearmed.rows) {
      const at = new Date(row.evaluate_at);
      if (!rearmedAt || at < rearmedAt) rearmedAt = at;
    }
  }

  // A device whose pass found its server offline waits for no time of its own. When the server is back
  // without an outage to resolve (it returned within its debounce), the device looks again at the end of
  // its own debounce.
  const unheld = await unheldQuery(ids, debounce).execute(trx);
  for (const row of unheld.rows) {
    const at = new Date(row.evaluate_at);
    if (!rearmedAt || at < rearmedAt) rearmedAt = at;
  }

  const reopened = await reopenedQuery(ids, debounce).execute(trx);

  const opened = await openedQuery(ids, debounce).execute(trx);

  // What each device waits for next: the end of its mute, or of its debounce (not behind an offline server).
  await sql`
    with next as (
      select d.id,
        case when d.offline and not ${HAS_OPEN_OFFLINE} then d.debounce_from end as debounce_from,
        case
          when d.muted_until > now() then d.muted_until
          when d.offline and d.debounce_from is not null and not ${HAS_OPEN_OFFLINE}
            and not ${BEHIND_OFFLINE_SERVER} then greatest(d.debounce_from + ${debounce}, now())
        end as evaluate_at
      from devices d where d.id = any(${ids})
    )
    update devices d set debounce_from = n.debounce_from, evaluate_at = n.evaluate_at
    from next n
    where d.id = n.id
      and (d.debounce_from, d.evaluate_at) is distinct from (n.debounce_from, n.evaluate_at)`.execute(trx);
  const pending = await pendingQuery(ids).execute(trx);

  // A server outage counts the devices down behind it. Its incident is locked first and counted in the
  // next statement: a transaction changing other devices behind the same server (another batch, another
  // process) holds the lock until it commits, so the count reads its changes instead of a snapshot without
  // them. (Left: a device changing in another transaction while this one opens the server's outage is
  // counted at the next change behind that server.)
  const outages = await outagesQuery(ids).execute(trx);
  if (outages.rows.length > 0)
    await sql`
      update incidents i set affected_devices = n.count
      from (
        select o.id, (select count(*)::int from devices c
          where (c.parent_device_id = o.device_id or c.service_id = o.device_id) and c.offline) as count
        from incidents o where o.id = any(${outages.rows.map((row) => row.id)}::bigint[])
      ) n
      where i.id = n.id and i.affected_devices <> n.count`.execute(trx);

  const incidentChanges = resolved.rows.length + reopened.rows.length + opened.rows.length;
  const notified = kinds.includes('devices') || incidentChanges > 0 ? kinds : [];
  if (notified.length > 0) await notifyChanges(trx, deviceIds, notified);

  const pendingAt = pending.rows[0]?.evaluate_at ? new Date(pending.rows[0].evaluate_at) : null;
  const tally = emptyTally();
  countByCategory(opened.rows, tally.opened);
  countByCategory(reopened.rows, tally.opened);
  countByCategory(resolved.rows, tally.resolved);
  return {
    tally,
    opened: opened.rows.length,
    reopened: reopened.rows.length,
    resolved: resolved.rows.length,
    evaluateAt: !rearmedAt || (pendingAt && pendingAt < rearmedAt) ? pendingAt : rearmedAt,
  };
}

/**
 * Evaluates every device whose time came (evaluate_at passed), in batches; devices another process is
 * evaluating are skipped (SKIP LOCKED), it has them. Returns the next time something is due.
 */
export async function sweepDueDevices(
  db: Kysely<DB>,
  debounceSeconds: number,
  /** Called in a batch's transaction, before it commits, when the batch changed incidents. */
  incidentsChanging?: () => void,
): Promise<{ evaluated: number; opened: number; tally: IncidentTally; nextAt: Date | null }> {
  let evaluated = 0;
  let opened = 0;
  const tally = emptyTally();
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const due = await dueQuery().execute(trx);
      const ids = due.rows.map((row) => row.id);
      // Cleared first: the engine sets it again for devices that still wait.
      if (ids.length > 0)
        await sql`update devices set evaluate_at = null where id = any(${ids}::text[])`.execute(trx);
      const result = await evaluateDevices(trx, ids, debounceSeconds);
      if (changedIncidents(result.tally)) incidentsChanging?.();
      return { count: ids.length, opened: result.opened + result.reopened, tally: result.tally };
    });
    evaluated += batch.count;
    opened += batch.opened;
    addTally(tally, batch.tally);
    if (batch.count < SWEEP_BATCH) break;
  }
  const next = await nextDueQuery().execute(db);
  const nextAt = next.rows[0]?.at;
  return { evaluated, opened, tally, nextAt: nextAt ? new Date(nextAt) : null };
}
