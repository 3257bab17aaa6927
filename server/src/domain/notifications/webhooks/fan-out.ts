import { matchesIncidentFilter } from '@portal/contracts/notifications';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { renderBody, type WebhookPayload } from './payload.ts';

/** One delivery job: the attempt `attempt` of a message, not before `startAfter`. */
export interface DeliveryJob {
  messageId: string;
  webhookId: string;
  attempt: number;
  startAfter?: Date;
}

const EVENT_OF_KIND = {
  opened: 'incident.opened',
  reopened: 'incident.opened',
  resolved: 'incident.resolved',
} as const;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The captured events with their incident, customer, site and device, in order. */
const capturedEvents = (trx: Kysely<DB>, ids: readonly number[]) =>
  trx
    .selectFrom('incident_events as e')
    .innerJoin('incidents as i', 'i.id', 'e.incident_id')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('sites as s', 's.id', 'i.site_id')
    .leftJoin('devices as d', 'd.id', 'i.device_id')
    .select(['e.id as event_id', 'e.kind', 'e.at'])
    .select(['i.id as incident_id', 'i.company_id', 'i.category', 'i.alert_type', 'i.affected_devices'])
    .select(['i.started_at', 'i.resolved_at'])
    .select(['i.organization_id', 'o.name as organization_name', 'i.site_id', 's.name as site_name'])
    .select(['i.device_id', 'd.name as device_name', 'd.device_type'])
    .where('e.id', '=', sql<number>`any(${sql.val(ids)}::bigint[])`)
    .where('e.kind', 'in', ['opened', 'reopened', 'resolved'])
    .$narrowType<{ kind: keyof typeof EVENT_OF_KIND }>()
    .orderBy('e.id')
    .execute();

type CapturedEvent = Awaited<ReturnType<typeof capturedEvents>>[number];

/** The default body of an incident's event (docs/webhooks.md). */
function incidentPayload(row: CapturedEvent, publicUrl: string): WebhookPayload {
  const type = EVENT_OF_KIND[row.kind];
  return {
    type,
    timestamp: iso(row.at) as string,
    data: {
      incident: {
        id: String(row.incident_id),
        category: row.category,
        type: row.alert_type,
        startedAt: iso(row.started_at) as string,
        resolvedAt: type === 'incident.resolved' ? iso(row.resolved_at ?? row.at) : null,
        affectedDevices: row.affected_devices,
        url: `${publicUrl}/incidents?incident=${row.incident_id}`,
      },
      customer: { id: row.organization_id, name: row.organization_name },
      site: row.site_id ? { id: row.site_id, name: row.site_name ?? '' } : null,
      device: row.device_id
        ? { id: row.device_id, name: row.device_name ?? '', type: row.device_type ?? '' }
        : null,
    },
  };
}

/**
 * The fan-out (decision 0019): up to `limit` timeline rows the trigger of migration 0009 captured become one
 * message per matching webhook, body rendered once, and leave the pending table. Run it in the transaction
 * that enqueues the answered `jobs` (only the messages this pass created: a repeated fan-out enqueues nothing
 * twice), so a message and its first job commit together.
 */
export async function fanOut(
  trx: Kysely<DB>,
  publicUrl: string,
  limit = 1000,
): Promise<{ events: number; messages: number; jobs: DeliveryJob[] }> {
  const taken = await sql<{ event_id: number }>`
    delete from webhook_pending_events where event_id in (
      select event_id from webhook_pending_events order by event_id limit ${limit} for update skip locked)
    returning event_id`.execute(trx);
  const ids = taken.rows.map((row) => row.event_id);
  if (ids.length === 0) return { events: 0, messages: 0, jobs: [] };
  const events = await capturedEvents(trx, ids);
  const companies = [...new Set(events.map((row) => row.company_id))];
  if (companies.length === 0) return { events: ids.length, messages: 0, jobs: [] };
  const webhooks = await trx
    .selectFrom('webhooks')
    .select(['id', 'company_id', 'events', 'template'])
    .where('company_id', 'in', companies)
    .where('enabled', '=', true)
    .execute();
  const messages: {
    webhook_id: string;
    event: WebhookPayload['type'];
    incident_event_id: number;
    body: string;
    event_at: Date;
  }[] = [];
  for (const row of events) {
    const payload = incidentPayload(row, publicUrl);
    for (const webhook of webhooks) {
      if (webhook.company_id !== row.company_id) continue;
      if (!matchesIncidentFilter(webhook.events, row.category, row.alert_type)) continue;
      messages.push({
        webhook_id: webhook.id,
        event: payload.type,
        incident_event_id: row.event_id,
        body: renderBody(payload, webhook.template),
        event_at: new Date(row.at),
      });
    }
  }
  const jobs: DeliveryJob[] = [];
  for (let i = 0; i < messages.length; i += 1000) {
    const inserted = await trx
      .insertInto('webhook_messages')
      .values(messages.slice(i, i + 1000))
      .onConflict((oc) => oc.columns(['webhook_id', 'incident_event_id']).doNothing())
      .returning(['id', 'webhook_id'])
      .execute();
    for (const row of inserted) jobs.push({ messageId: row.id, webhookId: row.webhook_id, attempt: 1 });
  }
  return { events: ids.length, messages: messages.length, jobs };
}
