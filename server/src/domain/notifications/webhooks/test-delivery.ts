import type { WebhookDelivery } from '@portal/contracts/notifications';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import type { AttemptResult } from '../../../infrastructure/webhooks/http-sender.ts';
import { tooManyRequests } from '../../errors.ts';
import { type DueMessage, signingSecrets } from './due-messages.ts';
import { renderBody, type WebhookPayload } from './payload.ts';
import { getWebhook, toDelivery } from './repository.ts';
import type { DispatchSettings } from './settings.ts';

/** Why a test is refused: the same webhook was tested less than the interval ago. */
export const testTooSoonMessage = (seconds: number) =>
  `This webhook was tested moments ago. Please wait ${seconds} seconds before testing it again.`;

function testPayload(company: { id: string; name: string }, publicUrl: string): WebhookPayload {
  return {
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
        url: `${publicUrl}/incidents`,
      },
      customer: company,
      site: null,
      device: { id: 'TEST00000000', name: 'Test device', type: 'CAMERA' },
    },
  };
}

/**
 * `POST …/test`, first step: a `webhook.test` message, due now, unless the webhook was tested less than the
 * interval ago (429). It is attempted once, then `recordTestAttempt`; it neither retries nor counts.
 */
export async function openTestMessage(
  db: Kysely<DB>,
  settings: DispatchSettings,
  companyId: string,
  webhookId: string,
): Promise<DueMessage> {
  const webhook = await getWebhook(db, companyId, webhookId);
  const company = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const payload = testPayload(company, settings.publicUrl);
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
  return {
    id: row.id,
    webhookId: webhook.id,
    url: webhook.url,
    body: row.body,
    attempt: 1,
    firstAttemptAt: new Date(),
    secretsSealed: signingSecrets(sealed),
  };
}

/** `POST …/test`, last step: the test's one attempt logged, its message delivered or failed. */
export async function recordTestAttempt(
  db: Kysely<DB>,
  message: DueMessage,
  result: AttemptResult,
): Promise<WebhookDelivery> {
  const attempt = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_messages')
      .set(result.ok ? { status: 'delivered', delivered_at: new Date() } : { status: 'failed' })
      .where('id', '=', message.id)
      .execute();
    return trx
      .insertInto('webhook_attempts')
      .values({
        message_id: message.id,
        webhook_id: message.webhookId,
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
