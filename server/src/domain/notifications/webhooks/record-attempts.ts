import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import type { AttemptResult } from '../../../infrastructure/webhooks/http-sender.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import { afterFailure } from '../../outbox/retry-schedule.ts';
import type { DueMessage } from './due-messages.ts';
import type { DeliveryJob } from './fan-out.ts';

export const DISABLE_AFTER_FAILURES = 20;
export const DISABLED_REASON = `Disabled after ${DISABLE_AFTER_FAILURES} consecutive failed deliveries.`;

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

/** How an attempt ended, as metrics and traces name it. */
export const attemptOutcome = (result: AttemptResult): 'delivered' | 'failed' | 'rejected' =>
  result.ok ? 'delivered' : result.responseStatus === null ? 'failed' : 'rejected';

/**
 * Logs attempts (many in one transaction: a storm is thousands a second) and moves their messages on:
 * delivered, or retried after the backoff (`retries`: the jobs to enqueue in this same transaction), or
 * given up 24 h after the first attempt. An attempt whose message is gone (webhook deleted) or already
 * logged (a duplicate run) is dropped; one whose message was given up meanwhile (its webhook disabled) is
 * logged and, if it failed, goes no further. Answers also the webhooks these failures disabled (their owners
 * are to be mailed). Run it in the transaction that completes the attempts' jobs.
 */
export async function recordAttempts(
  trx: Kysely<DB>,
  records: readonly AttemptRecord[],
  options: { retryBaseSeconds: number },
): Promise<{ retries: DeliveryJob[]; disabled: DisabledWebhook[] }> {
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
  if (kept.length > 0) await logAttempts(trx, kept);
  const delivered = kept.filter((record) => record.result.ok);
  if (delivered.length > 0) await markDelivered(trx, delivered);
  const retries: DeliveryJob[] = [];
  const given: string[] = [];
  const failures = kept.filter((record) => !record.result.ok && !givenUp.has(record.message.id));
  for (const { message } of failures) {
    const next = afterFailure({
      attempt: message.attempt,
      firstAttemptAt: message.firstAttemptAt,
      baseSeconds: options.retryBaseSeconds,
      now: Date.now(),
    });
    if (next.next === 'give-up') given.push(message.id);
    else
      retries.push({
        messageId: message.id,
        webhookId: message.webhookId,
        attempt: next.attempt,
        startAfter: next.at,
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
  return { retries: retries.filter((retry) => !off.has(retry.webhookId)), disabled };
}

async function logAttempts(trx: Kysely<DB>, kept: readonly AttemptRecord[]): Promise<void> {
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

async function markDelivered(trx: Kysely<DB>, delivered: readonly AttemptRecord[]): Promise<void> {
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
