import type { DeviceMute, Incident } from '@portal/contracts/incidents';
import { type Kysely, sql } from 'kysely';
import { col, EXAMPLE_UUID, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { type AuditActor, writeAudit } from '../audit/audit-log.ts';
import { notFound } from '../errors.ts';
import { notifyCompanyChanges } from './changes.ts';
import { incidentDetail } from './incident-list.ts';

/**
 * Who acknowledges or mutes: a member, or a partner-API key (issue 27), whose name the timeline then shows and
 * the audit log names (`auditActor`).
 */
type IncidentActor = { companyId: string; auditActor?: AuditActor } & (
  | { userId: string; apiKeyId?: undefined }
  | { userId: null; apiKeyId: string }
);

const lockIncidentQuery = rawQuery(
  'incident to acknowledge, locked',
  { id: col.int8(), organization_id: col.uuid(), acknowledged: col.bool(), name: col.text() },
  (companyId: string, id: string) => sql`
      select i.id, i.organization_id, i.acknowledged_at is not null as acknowledged,
        coalesce(d.name, i.alert_type) as name
      from incidents i left join devices d on d.id = i.device_id
      where i.id = ${id}::bigint and i.company_id = ${companyId} for update of i`,
  [EXAMPLE_UUID, '1'],
);

/** Marks an incident of the caller's company as seen by the caller (once: a second acknowledge keeps the first). */
export async function acknowledgeIncident(
  db: Kysely<DB>,
  actor: IncidentActor,
  id: string,
): Promise<Incident> {
  const apiKeyId = actor.apiKeyId ?? null;
  await db.transaction().execute(async (trx) => {
    const row = await lockIncidentQuery(actor.companyId, id).execute(trx);
    const incident = row.rows[0];
    if (!incident) throw notFound('Incident not found');
    if (incident.acknowledged) return;
    await sql`update incidents set acknowledged_at = now(), acknowledged_by_user_id = ${actor.userId},
        acknowledged_by_api_key_id = ${apiKeyId}
      where id = ${id}::bigint`.execute(trx);
    await sql`insert into incident_events (incident_id, at, kind, user_id, api_key_id)
      values (${id}::bigint, now(), 'acknowledged', ${actor.userId}, ${apiKeyId})`.execute(trx);
    await notifyCompanyChanges(trx, [
      { c: actor.companyId, o: [incident.organization_id], k: ['incidents'] },
    ]);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      ...(actor.auditActor ? { actor: actor.auditActor } : {}),
      companyId: actor.companyId,
      action: 'incident.acknowledge',
      targetType: 'incident',
      targetId: String(incident.id),
      targetName: incident.name,
      organizationId: incident.organization_id,
    });
  });
  const { events: _events, ...incident } = await incidentDetail(db, actor.companyId, id);
  return incident;
}

const muteQuery = rawQuery(
  'device muted or unmuted',
  { muted_until: col.timestamptz().orNull() },
  (deviceId: string, minutes: number | null) => sql`
      update devices set
        muted_until = case when ${minutes}::int is null then null else now() + make_interval(mins => ${minutes}::int) end,
        evaluate_at = case when ${minutes}::int is null then now()
          else now() + make_interval(mins => ${minutes}::int) end
      where id = ${deviceId}
      returning muted_until`,
  ['device', 5],
);

/**
 * Mutes (minutes > 0) or unmutes (null) a device of the caller's company: while muted it opens no new
 * incident; when the mute ends the engine looks at it again. Its open incidents' timelines say so.
 */
export async function muteDevice(
  db: Kysely<DB>,
  actor: IncidentActor,
  deviceId: string,
  minutes: number | null,
): Promise<DeviceMute> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('devices')
      .select(['organization_id', 'name', 'muted_until'])
      .where((eb) => eb.and({ id: deviceId, company_id: actor.companyId }))
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!found) throw notFound('Device not found');
    const updated = await muteQuery(deviceId, minutes).execute(trx);
    await sql`insert into incident_events (incident_id, at, kind, user_id, api_key_id)
      select id, now(), ${minutes === null ? 'unmuted' : 'muted'}, ${actor.userId}, ${actor.apiKeyId ?? null}
      from incidents
      where device_id = ${deviceId} and resolved_at is null`.execute(trx);
    await notifyCompanyChanges(trx, [{ c: actor.companyId, o: [found.organization_id], k: ['incidents'] }]);
    const until = updated.rows[0]?.muted_until ?? null;
    const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      ...(actor.auditActor ? { actor: actor.auditActor } : {}),
      companyId: actor.companyId,
      action: minutes === null ? 'device.unmute' : 'device.mute',
      targetType: 'device',
      targetId: deviceId,
      targetName: found.name,
      organizationId: found.organization_id,
      before: { mutedUntil: iso(found.muted_until) },
      after: { mutedUntil: iso(until) },
    });
    return { deviceId, mutedUntil: until ? new Date(until).toISOString() : null };
  });
}
