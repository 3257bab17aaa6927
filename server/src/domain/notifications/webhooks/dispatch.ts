import { matchesIncidentFilter, type WebhookDelivery } from '@portal/contracts/notifications';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import { tooManyRequests } from '../../errors.ts';
import { type AttemptResult, attemptDelivery } from './delivery.ts';
import { renderBody, type WebhookPayload } from './payload.ts';
import { getWebhook, messageIdOf, toDelivery } from './repository.ts';
import { openSecret } from './secrets.ts';

/**
 * From incident timeline rows to attempts (decision 0019):
 * 1. fan-out: pending timeline rows (written by the trigger of migration 0009) become one message per
 *    matching webhook, body rendered once, in one transaction that also removes them from the pending table
 *    and enqueues one delivery job per message (pg-boss, through the same transaction: `enqueue`);
 * 2. a delivery job names its message and the attempt it is for; `loadDue` answers the messages whose
 *    attempt is still to be made (a job run again after a crash, or whose attempt was already logged, finds
 *    nothing to do, so a message has one live job at a time);
 * 3. record: each attempt is logged; success ends the message, failure enqueues the next attempt's job
 *    (exponential backoff) until 24 h after the first, then gives it up; 20 consecutive failures of a
 *    webhook disable it. The caller completes the jobs in the same transaction (`settle`).
 */

export interface DispatchSettings {
  publicUrl: string;
  allowPrivate: boolean;
  timeoutMs: number;
  retryBaseSeconds: number;
  userAgent: string;
  /** One test delivery per webhook in this many seconds (issue 23 item 9). */
  testIntervalSeconds: number;
}

/** Why a test is refused: the same webhook was tested less than the interval ago. */
export const testTooSoonMessage = (seconds: number) =>
  `This webhook was tested moments ago. Please wait ${seconds} seconds before testing it again.`;

export const RETRY_WINDOW_MS = 24 * 3600_000;
export const DISABLE_AFTER_FAILURES = 20;
export const DISABLED_REASON = `Disabled after ${DISABLE_AFTER_FAILURES} consecutive failed deliveries.`;

const EVENT_OF_KIND = {
  opened: 'incident.opened',
  reopened: 'incident.opened',
  resolved: 'incident.resolved',
} as const;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** One delivery job: the attempt `attempt` of a message, not before `startAfter`. */
export interface DeliveryJob {
  messageId: string;
  webhookId: string;
  attempt: number;
  startAfter?: Date;
}

/** Enqueues delivery jobs in the transaction `trx` (they commit, or not, with it). */
export type Enqueue = (trx: Kysely<DB>, jobs: readonly DeliveryJob[]) => Promise<void>;

/** Turns up to `limit` pending timeline rows into messages and their jobs; answers how many rows it took. */
export async function fanOut(
  db: Kysely<DB>,
  publicUrl: string,
  enqueue: Enqueue,
  limit = 1000,
): Promise<{ events: number; messages: number }> {
  return db.transaction().execute(async (trx) => {
    const taken = await sql<{ event_id: number }>`
      delete from webhook_pending_events where event_id in (
        select event_id from webhook_pending_events order by event_id limit ${limit} for update skip locked)
      returning event_id`.execute(trx);
    const ids = taken.rows.map((row) => row.event_id);
    if (ids.length === 0) return { events: 0, messages: 0 };
    const events = await sql<{
      event_id: number;
      kind: 'opened' | 'reopened' | 'resolved';
      at: Date | string;
      incident_id: number | string;
      company_id: string;
      category: string;
      alert_type: string;
      started_at: Date | string;
      resolved_at: Date | string | null;
      affected_devices: number;
      organization_id: string;
      organization_name: string;
      site_id: string | null;
      site_name: string | null;
      device_id: string | null;
      device_name: string | null;
      device_type: string | null;
    }>`
      select e.id as event_id, e.kind, e.at, i.id as incident_id, i.company_id, i.category, i.alert_type,
        i.started_at, i.resolved_at, i.affected_devices, i.organization_id, o.name as organization_name,
        i.site_id, s.name as site_name, i.device_id, d.name as device_name, d.device_type
      from incident_events e
      join incidents i on i.id = e.incident_id
      join organizations o on o.id = i.organization_id
      left join sites s on s.id = i.site_id
      left join devices d on d.id = i.device_id
      where e.id = any(${sql.val(ids)}::bigint[]) and e.kind in ('opened', 'reopened', 'resolved')
      order by e.id`.execute(trx);
    const companies = [...new Set(events.rows.map((row) => row.company_id))];
    if (companies.length === 0) return { events: ids.length, messages: 0 };
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
    for (const row of events.rows) {
      const type = EVENT_OF_KIND[row.kind];
      const payload: WebhookPayload = {
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
      for (const webhook of webhooks) {
        if (webhook.company_id !== row.company_id) continue;
        if (!matchesIncidentFilter(webhook.events, row.category, row.alert_type)) continue;
        messages.push({
          webhook_id: webhook.id,
          event: type,
          incident_event_id: row.event_id,
          body: renderBody(payload, webhook.template),
          event_at: new Date(row.at),
        });
      }
    }
    for (let i = 0; i < messages.length; i += 1000) {
      const inserted = await trx
        .insertInto('webhook_messages')
        .values(messages.slice(i, i + 1000))
        .onConflict((oc) => oc.columns(['webhook_id', 'incident_event_id']).doNothing())
        .returning(['id', 'webhook_id'])
        .execute();
      // Only the rows this pass created: a repeated fan-out enqueues nothing twice.
      await enqueue(
        trx,
        inserted.map((row) => ({ messageId: row.id, webhookId: row.webhook_id, attempt: 1 })),
      );
    }
    return { events: ids.length, messages: messages.length };
  });
}

export interface DueMessage {
  id: string;
  webhookId: string;
  url: string;
  body: string;
  attempt: number;
  firstAttemptAt: Date;
  secretsSealed: string[];
}

/**
 * The messages of these jobs whose attempt is still to be made: pending, of an enabled webhook, with the
 * attempts before it logged and this one not. A job that finds nothing (delivered, given up, deleted, or
 * its attempt logged by a run that died before completing the job) has nothing to do.
 */
export async function loadDue(
  db: Kysely<DB>,
  jobs: readonly Pick<DeliveryJob, 'messageId' | 'attempt'>[],
): Promise<DueMessage[]> {
  if (jobs.length === 0) return [];
  const rows = await sql<{
    id: string;
    webhook_id: string;
    url: string;
    body: string;
    attempt: number;
    first_attempt_at: Date | string;
    secret_sealed: string;
    previous_secret_sealed: string | null;
    previous_secret_expires_at: Date | string | null;
  }>`
    select m.id, m.webhook_id, w.url, m.body, j.attempt, coalesce(m.first_attempt_at, now()) as first_attempt_at,
      w.secret_sealed, w.previous_secret_sealed, w.previous_secret_expires_at
    from unnest(${sql.val(jobs.map((job) => job.messageId))}::uuid[], ${sql.val(jobs.map((job) => job.attempt))}::int[])
      as j(message_id, attempt)
    join webhook_messages m on m.id = j.message_id
    join webhooks w on w.id = m.webhook_id
    where m.status = 'pending' and m.attempts = j.attempt - 1 and w.enabled`.execute(db);
  const now = Date.now();
  return rows.rows.map((row) => ({
    id: row.id,
    webhookId: row.webhook_id,
    url: row.url,
    body: row.body,
    attempt: row.attempt,
    firstAttemptAt: new Date(row.first_attempt_at),
    secretsSealed: [
      row.secret_sealed,
      ...(row.previous_secret_sealed &&
      row.previous_secret_expires_at &&
      new Date(row.previous_secret_expires_at).getTime() > now
        ? [row.previous_secret_sealed]
        : []),
    ],
  }));
}

/** The delay before attempt `attempt + 1`: base, doubling. */
export function retryDelayMs(baseSeconds: number, attempt: number): number {
  return baseSeconds * 1000 * 2 ** Math.min(attempt - 1, 30);
}

export interface DisabledWebhook {
  webhookId: string;
  companyId: string;
  name: string;
  url: string;
}

export interface AttemptRecord {
  message: DueMessage;
  result: AttemptResult;
}

/**
 * Logs attempts (many in one transaction: a storm is thousands a second) and moves their messages on:
 * delivered, or the next attempt's job enqueued after the backoff, or given up 24 h after the first attempt.
 * An attempt whose message is gone (webhook deleted) or already logged (a duplicate run) is dropped; one
 * whose message was given up meanwhile (its webhook disabled) is logged and, if it failed, goes no further.
 * `settle` runs last in the same transaction (the caller completes the jobs there). Answers the webhooks
 * these failures disabled (the caller mails their owners).
 */
export async function recordAttempts(
  db: Kysely<DB>,
  records: readonly AttemptRecord[],
  options: { retryBaseSeconds: number; enqueue: Enqueue; settle?: (trx: Kysely<DB>) => Promise<void> },
): Promise<DisabledWebhook[]> {
  return db.transaction().execute(async (trx) => {
    const disabled: DisabledWebhook[] = [];
    // Locked in one order, so two transactions over the same messages cannot deadlock; the lock also
    // keeps a webhook's deletion from removing them under us.
    const ids = [...new Set(records.map((record) => record.message.id))].sort();
    const open =
      ids.length === 0
        ? []
        : await sql<{ id: string; attempts: number; status: string }>`
            select id, attempts, status from webhook_messages where id = any(${sql.val(ids)}::uuid[])
            order by id for update`
            .execute(trx)
            .then((result) => result.rows);
    const logged = new Map(open.map((row) => [row.id, row.attempts]));
    const givenUp = new Set(open.filter((row) => row.status === 'failed').map((row) => row.id));
    const kept = records.filter(({ message }) => {
      if (logged.get(message.id) !== message.attempt - 1) return false;
      logged.set(message.id, message.attempt);
      return true;
    });
    if (kept.length > 0) {
      await trx
        .insertInto('webhook_attempts')
        .values(
          kept.map(({ message, result }) => ({
            message_id: message.id,
            webhook_id: message.webhookId,
            attempt: message.attempt,
            response_status: result.responseStatus,
            duration_ms: result.durationMs,
            error: result.ok ? null : (result.error ?? 'failed'),
          })),
        )
        .execute();
      await sql`
        update webhook_messages m set attempts = k.attempt,
          first_attempt_at = coalesce(m.first_attempt_at, k.first_attempt_at)
        from unnest(${sql.val(kept.map((record) => record.message.id))}::uuid[],
          ${sql.val(kept.map((record) => record.message.attempt))}::int[],
          ${sql.val(kept.map((record) => record.message.firstAttemptAt.toISOString()))}::timestamptz[])
          as k(id, attempt, first_attempt_at)
        where m.id = k.id`.execute(trx);
    }
    const delivered = kept.filter((record) => record.result.ok);
    if (delivered.length > 0) {
      await trx
        .updateTable('webhook_messages')
        .set({ status: 'delivered', delivered_at: new Date() })
        .where(
          'id',
          'in',
          delivered.map((record) => record.message.id),
        )
        .execute();
      await trx
        .updateTable('webhooks')
        .set({ consecutive_failures: 0 })
        .where('id', 'in', [...new Set(delivered.map((record) => record.message.webhookId))])
        .where('consecutive_failures', '>', 0)
        .execute();
    }
    const retries: DeliveryJob[] = [];
    const given: string[] = [];
    const failures = kept.filter((record) => !record.result.ok && !givenUp.has(record.message.id));
    for (const { message } of failures) {
      const next = Date.now() + retryDelayMs(options.retryBaseSeconds, message.attempt);
      if (next > message.firstAttemptAt.getTime() + RETRY_WINDOW_MS) given.push(message.id);
      else
        retries.push({
          messageId: message.id,
          webhookId: message.webhookId,
          attempt: message.attempt + 1,
          startAfter: new Date(next),
        });
    }
    if (given.length > 0)
      await trx
        .updateTable('webhook_messages')
        .set({ status: 'failed' })
        .where('id', 'in', given)
        .where('status', '=', 'pending')
        .execute();
    if (retries.length > 0)
      await sql`
        update webhook_messages m set next_attempt_at = r.at
        from unnest(${sql.val(retries.map((retry) => retry.messageId))}::uuid[],
          ${sql.val(retries.map((retry) => (retry.startAfter as Date).toISOString()))}::timestamptz[]) as r(id, at)
        where m.id = r.id`.execute(trx);
    // Counted per failure, in order, so the 20th of a webhook disables it exactly then.
    for (const { message } of failures) {
      const webhook = await trx
        .updateTable('webhooks')
        .set({ consecutive_failures: sql`consecutive_failures + 1` })
        .where('id', '=', message.webhookId)
        .where('enabled', '=', true)
        .returning(['company_id', 'consecutive_failures', 'enabled', 'name', 'url'])
        .executeTakeFirst();
      if (!webhook?.enabled || webhook.consecutive_failures < DISABLE_AFTER_FAILURES) continue;
      disabled.push(
        await disableWebhook(trx, {
          webhookId: message.webhookId,
          companyId: webhook.company_id,
          name: webhook.name,
          url: webhook.url,
        }),
      );
    }
    // A disabled webhook's messages were given up: their next attempts are not enqueued.
    const off = new Set(disabled.map((webhook) => webhook.webhookId));
    const next = retries.filter((retry) => !off.has(retry.webhookId));
    if (next.length > 0) await options.enqueue(trx, next);
    await options.settle?.(trx);
    return disabled;
  });
}

async function disableWebhook(trx: Kysely<DB>, webhook: DisabledWebhook): Promise<DisabledWebhook> {
  await trx
    .updateTable('webhooks')
    .set({ enabled: false, disabled_reason: DISABLED_REASON, updated_at: new Date() })
    .where('id', '=', webhook.webhookId)
    .execute();
  // What was still waiting is given up with it.
  await trx
    .updateTable('webhook_messages')
    .set({ status: 'failed' })
    .where('webhook_id', '=', webhook.webhookId)
    .where('status', '=', 'pending')
    .execute();
  await writeAudit(trx, {
    actorUserId: null,
    companyId: webhook.companyId,
    action: 'webhook.disable',
    targetType: 'webhook',
    targetId: webhook.webhookId,
    details: { reason: DISABLED_REASON, consecutiveFailures: DISABLE_AFTER_FAILURES },
  });
  return webhook;
}

/** Makes one attempt of a due message with its secrets. */
export async function attemptMessage(
  db: Kysely<DB>,
  settings: DispatchSettings,
  message: DueMessage,
): Promise<AttemptResult> {
  const secrets = await Promise.all(message.secretsSealed.map((sealed) => openSecret(db, sealed)));
  return attemptDelivery({
    url: message.url,
    messageId: messageIdOf(message.id),
    body: message.body,
    secrets,
    allowPrivate: settings.allowPrivate,
    timeoutMs: settings.timeoutMs,
    userAgent: settings.userAgent,
  });
}

/** `POST …/test`: one `webhook.test` delivery now, logged like any other; it neither retries nor counts. */
export async function sendTestDelivery(
  db: Kysely<DB>,
  settings: DispatchSettings,
  companyId: string,
  webhookId: string,
): Promise<WebhookDelivery> {
  const webhook = await getWebhook(db, companyId, webhookId);
  const company = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const payload: WebhookPayload = {
    type: 'webhook.test',
    timestamp: new Date().toISOString(),
    data: {
      incident: {
        id: '0',
        category: 'CAMERA',
        type: 'OFFLINE',
        startedAt: new Date().toISOString(),
        resolvedAt: null,
        affectedDevices: 0,
        url: `${settings.publicUrl}/incidents`,
      },
      customer: { id: company.id, name: company.name },
      site: null,
      device: { id: 'TEST00000000', name: 'Test device', type: 'CAMERA' },
    },
  };
  const row = await db.transaction().execute(async (trx) => {
    // The webhook row is the lock, so two tests at once (or in two processes) see each other's message.
    await sql`select id from webhooks where id = ${webhook.id} for no key update`.execute(trx);
    // clock_timestamp(), not now(): this transaction may have begun before the one whose test it waited for,
    // and its start would make the wait longer than the interval (601 of 600 s).
    const recent = await sql<{ wait: number }>`
      select ceil(extract(epoch from max(created_at) + make_interval(secs => ${settings.testIntervalSeconds}) - clock_timestamp()))::int as wait
      from webhook_messages where webhook_id = ${webhook.id} and event = 'webhook.test'`.execute(trx);
    const wait = recent.rows[0]?.wait;
    if (wait != null && wait > 0) throw tooManyRequests(testTooSoonMessage(wait));
    return trx
      .insertInto('webhook_messages')
      .values({
        webhook_id: webhook.id,
        event: 'webhook.test',
        body: renderBody(payload, webhook.template),
        event_at: new Date(),
        status: 'pending',
        attempts: 1,
        first_attempt_at: new Date(),
      })
      .returning(['id', 'body'])
      .executeTakeFirstOrThrow();
  });
  const sealed = await db
    .selectFrom('webhooks')
    .select(['secret_sealed', 'previous_secret_sealed', 'previous_secret_expires_at'])
    .where('id', '=', webhook.id)
    .executeTakeFirstOrThrow();
  const result = await attemptMessage(db, settings, {
    id: row.id,
    webhookId: webhook.id,
    url: webhook.url,
    body: row.body,
    attempt: 1,
    firstAttemptAt: new Date(),
    secretsSealed: [
      sealed.secret_sealed,
      ...(sealed.previous_secret_sealed &&
      sealed.previous_secret_expires_at &&
      new Date(sealed.previous_secret_expires_at).getTime() > Date.now()
        ? [sealed.previous_secret_sealed]
        : []),
    ],
  });
  const attempt = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_messages')
      .set(result.ok ? { status: 'delivered', delivered_at: new Date() } : { status: 'failed' })
      .where('id', '=', row.id)
      .execute();
    return trx
      .insertInto('webhook_attempts')
      .values({
        message_id: row.id,
        webhook_id: webhook.id,
        attempt: 1,
        response_status: result.responseStatus,
        duration_ms: result.durationMs,
        error: result.ok ? null : (result.error ?? 'failed'),
      })
      .returning(['id', 'message_id', 'attempt', 'response_status', 'duration_ms', 'at', 'error'])
      .executeTakeFirstOrThrow();
  });
  return toDelivery({ ...attempt, event: 'webhook.test' });
}

/** The owner to tell that a webhook was disabled. */
export async function companyOwner(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('companies as c')
    .innerJoin('users as u', 'u.id', 'c.owner_user_id')
    .select(['u.email', 'u.locale'])
    .where('c.id', '=', companyId)
    .executeTakeFirst();
}

/** Old attempts and finished messages go after 30 days. */
export async function pruneWebhookLog(db: Kysely<DB>): Promise<void> {
  await sql`delete from webhook_messages where status <> 'pending' and created_at < now() - interval '30 days'`.execute(
    db,
  );
}
