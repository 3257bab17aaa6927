import type { DeviceMute, Incident } from '@portal/contracts/incidents';
import { type Kysely, sql } from 'kysely';
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

/** Marks an incident of the caller's company as seen by the caller (once: a second acknowledge keeps the first). */
export async function acknowledgeIncident(
  db: Kysely<DB>,
  actor: IncidentActor,
  id: string,
): Promise<Incident> {
  const apiKeyId = actor.apiKeyId ?? null;
  await db.transaction().execute(async (trx) => {
    const row = await sql<{
      id: string;
      organization_id: string;
      acknowledged: boolean;
      name: string | null;
    }>`
      select i.id, i.organization_id, i.acknowledged_at is not null as acknowledged,
        coalesce(d.name, i.alert_type) as name
      from incidents i left join devices d on d.id = i.device_id
      where i.id = ${id}::bigint and i.company_id = ${actor.companyId} for update of i`.execute(trx);
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
    const device = await sql<{ organization_id: string; name: string; muted_until: Date | null }>`
      select organization_id, name, muted_until from devices
      where id = ${deviceId} and company_id = ${actor.companyId}
      for no key update`.execute(trx);
    const found = device.rows[0];
    if (!found) throw notFound('Device not found');
    const updated = await sql<{ muted_until: Date | null }>`
      update devices set
        muted_until = case when ${minutes}::int is null then null else now() + make_interval(mins => ${minutes}::int) end,
        evaluate_at = case when ${minutes}::int is null then now()
          else now() + make_interval(mins => ${minutes}::int) end
      where id = ${deviceId}
      returning muted_until`.execute(trx);
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
