import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import type { WebhookRequest } from '../../../infrastructure/webhooks/http-sender.ts';
import type { DeliveryJob } from './fan-out.ts';
import { messageIdOf } from './repository.ts';
import { openSecret } from './secrets.ts';

/** A message whose attempt is to be made now, with what signs it. */
export interface DueMessage {
  id: string;
  webhookId: string;
  url: string;
  body: string;
  attempt: number;
  firstAttemptAt: Date;
  secretsSealed: string[];
}

/** A webhook's secrets that sign now: its own and, during a rotation's grace period, the previous one. */
export function signingSecrets(
  webhook: {
    secret_sealed: string;
    previous_secret_sealed: string | null;
    previous_secret_expires_at: Date | string | null;
  },
  now = Date.now(),
): string[] {
  const previousLive =
    webhook.previous_secret_sealed &&
    webhook.previous_secret_expires_at &&
    new Date(webhook.previous_secret_expires_at).getTime() > now;
  return [webhook.secret_sealed, ...(previousLive ? [webhook.previous_secret_sealed as string] : [])];
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
    secretsSealed: signingSecrets(row, now),
  }));
}

/** The request of a due message: its `webhook-id` and its secrets opened (they are sealed at rest). */
export async function signedRequest(db: Kysely<DB>, message: DueMessage): Promise<WebhookRequest> {
  const secrets = await Promise.all(message.secretsSealed.map((sealed) => openSecret(db, sealed)));
  return { url: message.url, messageId: messageIdOf(message.id), body: message.body, secrets };
}
