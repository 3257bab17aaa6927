import { type RawBuilder, sql } from 'kysely';

/**
 * The one definition of each device and license predicate (contracts/src/statistics.ts), as SQL over a
 * `devices d` / `licenses l` alias, so every aggregate counts the same thing.
 */

export const IS_CAMERA = sql`d.device_category in ('CAMERA', 'FISH_EYE', 'PTZ')`;
export const IS_SERVER = sql`d.device_category = 'SERVER'`;
export const IS_SPEAKER = sql`d.device_type = 'IP_SPEAKER'`;

const SERVER_FLAGS = sql`d.smart_error or d.disk_failed or d.server_cpu_high or d.server_memory_high
  or d.server_login_failed or d.network_high or d.network_session_high`;
export const CAMERA_ABNORMAL = sql`(d.offline or d.record_failed or d.firmware_updated_failed)`;
export const SERVER_ABNORMAL = sql`(d.offline or ${SERVER_FLAGS})`;
/** Any device: offline or carrying any status flag. */
export const DEVICE_ABNORMAL = sql`(d.offline or d.record_failed or d.firmware_updated_failed or ${SERVER_FLAGS})`;

/** A first-platform camera or IP speaker, the devices that need a license. */
export const IS_LICENSABLE = sql`(d.platform = 'first' and (${IS_CAMERA} or ${IS_SPEAKER}))`;
/** Licensable and holding no license at all (licenses_device_type_key makes the probe an index lookup). */
export const IS_UNLICENSED = sql`(${IS_LICENSABLE} and not exists (select 1 from licenses ul where ul.device_id = d.id))`;

/** Expiry predicates over `l.expiration_date`, relative to `today` ('YYYY-MM-DD'). */
export const isExpired = (today: string) => sql`(l.expiration_date < ${today}::date)`;
export const expiresWithin = (today: string, days: number) =>
  sql`(l.expiration_date >= ${today}::date and l.expiration_date <= ${today}::date + ${days}::int)`;

/**
 * Per customer (`organization_id`), its devices in each SPEC §4 license state, one state per device as the
 * device tab shows it: `expired` when any of its licenses is past its date; `expiring` when none is and one
 * ends within `warningDays`. A device's earliest expiry decides, so only licenses up to the end of the
 * window are read (licenses_organization_expiry_idx), not every license.
 */
export const deviceLicenseStates = (
  organizations: RawBuilder<unknown>,
  today: string,
  warningDays: number,
) => sql`
  select e.organization_id,
    count(*) filter (where e.earliest < ${today}::date)::int as expired,
    count(*) filter (where e.earliest >= ${today}::date)::int as expiring
  from (
    select l.organization_id, l.device_id, min(l.expiration_date) as earliest
    from licenses l
    where ${organizations} and l.device_id is not null
      and l.expiration_date <= ${today}::date + ${warningDays}::int
    group by l.organization_id, l.device_id
  ) e
  group by e.organization_id`;
