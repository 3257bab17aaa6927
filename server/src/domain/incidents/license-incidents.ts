import { type Kysely, type RawBuilder, sql } from 'kysely';
import { col, EXAMPLE_DAY, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';

/** SPEC §9: license expiry warning, 30 days. */
const LICENSE_EXPIRY_WARNING_DAYS = 30;

/** Each device with licenses expired or expiring, by state: the conditions of LICENSE incidents. */
const licenseConditions = (today: string) => sql`
      select l.device_id, d.company_id, d.organization_id, d.site_id,
        case when l.expiration_date < ${today}::date then 'EXPIRED' else 'EXPIRING' end as alert_type,
        count(*)::int as licenses,
        min(l.expiration_date) as expires
      from licenses l join devices d on d.id = l.device_id
      where l.expiration_date <= ${today}::date + ${LICENSE_EXPIRY_WARNING_DAYS}::int
      group by 1, 2, 3, 4, 5`;

const resolvedQuery = rawQuery(
  'license incidents resolved',
  { id: col.int8() },
  (conditions: RawBuilder<unknown>) => sql`
      with conditions as (${conditions}), resolved as (
        update incidents i set resolved_at = greatest(i.started_at, now())
        where i.category = 'LICENSE' and i.resolved_at is null and i.device_id is not null
          and not exists (
            select 1 from conditions c where c.device_id = i.device_id and c.alert_type = i.alert_type)
        returning i.id, i.resolved_at
      ), events as (
        insert into incident_events (incident_id, at, kind) select id, resolved_at, 'resolved' from resolved
      )
      select id from resolved`,
  [licenseConditions(EXAMPLE_DAY)],
);

const openedQuery = rawQuery(
  'license incidents opened',
  { id: col.int8() },
  (conditions: RawBuilder<unknown>) => sql`
      with conditions as (${conditions}), opened as (
        insert into incidents (company_id, organization_id, site_id, device_id, category, alert_type, started_at,
          affected_devices)
        select c.company_id, c.organization_id, c.site_id, c.device_id, 'LICENSE', c.alert_type,
          -- Expired: since the expiration date; expiring: since it came within the warning period.
          least(now(), case when c.alert_type = 'EXPIRED' then c.expires::timestamptz
            else (c.expires - ${LICENSE_EXPIRY_WARNING_DAYS}::int)::timestamptz end), c.licenses
        from conditions c
        where not exists (
          select 1 from incidents o
          where o.device_id = c.device_id and o.category = 'LICENSE' and o.alert_type = c.alert_type
            and o.resolved_at is null)
        on conflict do nothing
        returning id, started_at
      ), events as (
        insert into incident_events (incident_id, at, kind) select id, started_at, 'opened' from opened
      )
      select id from opened`,
  [licenseConditions(EXAMPLE_DAY)],
);

/**
 * LICENSE incidents (issue 14): one per device and state while a license of the device has expired
 * (EXPIRED, since its expiration date) or expires within 30 days (EXPIRING); resolved when renewed.
 * `affected_devices` says how many of the device's licenses are in that state. Run at start and daily.
 */
export async function evaluateLicenseIncidents(
  db: Kysely<DB>,
  today: string,
): Promise<{ opened: number; resolved: number }> {
  return db.transaction().execute(async (trx) => {
    const conditions = licenseConditions(today);
    const resolved = await resolvedQuery(conditions).execute(trx);
    await sql`
      with conditions as (${conditions})
      update incidents i set affected_devices = c.licenses
      from conditions c
      where i.category = 'LICENSE' and i.resolved_at is null and i.device_id = c.device_id
        and i.alert_type = c.alert_type and i.affected_devices <> c.licenses`.execute(trx);
    const opened = await openedQuery(conditions).execute(trx);
    return { opened: opened.rows.length, resolved: resolved.rows.length };
  });
}
