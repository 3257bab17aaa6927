import type {
  CreateWebhook,
  UpdateWebhook,
  Webhook,
  WebhookDelivery,
  WebhookWithSecret,
} from '@portal/contracts/notifications';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Caller } from '../../members/caller.ts';
import { isUuid } from '../../uuid.ts';
import { generateWebhookSecret, sealSecret } from './secrets.ts';

/** A company's webhooks (issue 15 item 5): rows, the secret shown once, and the audit of every change. */

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_GRACE_MS = 24 * 3600_000;

/** The `webhook-id` of a message (Standard Webhooks: the same on every attempt). */
export const messageIdOf = (id: string) => `msg_${id.replaceAll('-', '')}`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface WebhookRow {
  id: string;
  name: string;
  url: string;
  events: string[];
  template: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  consecutive_failures: number;
  created_at: Date | string;
  updated_at: Date | string;
  previous_secret_expires_at: Date | string | null;
  last_at: Date | string | null;
  last_status: number | null;
  last_ok: boolean | null;
}

function toWebhook(row: WebhookRow): Webhook {
  const expires = row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : null;
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events,
    template: row.template,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    consecutiveFailures: row.consecutive_failures,
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
    previousSecretExpiresAt: expires && expires.getTime() > Date.now() ? expires.toISOString() : null,
    lastDelivery: row.last_at
      ? { at: iso(row.last_at) as string, responseStatus: row.last_status, ok: row.last_ok ?? false }
      : null,
  };
}

function selectWebhooks(db: Kysely<DB> | Transaction<DB>, companyId: string) {
  return db
    .selectFrom('webhooks as w')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('webhook_attempts as a')
          .select([
            'a.at as last_at',
            'a.response_status as last_status',
            sql<boolean>`a.error is null`.as('last_ok'),
          ])
          .whereRef('a.webhook_id', '=', 'w.id')
          .orderBy('a.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select([
      'w.id',
      'w.name',
      'w.url',
      'w.events',
      'w.template',
      'w.enabled',
      'w.disabled_reason',
      'w.consecutive_failures',
      'w.created_at',
      'w.updated_at',
      'w.previous_secret_expires_at',
      'last.last_at',
      'last.last_status',
      'last.last_ok',
    ])
    .where('w.company_id', '=', companyId);
}

export async function listWebhooks(db: Kysely<DB>, companyId: string): Promise<Webhook[]> {
  const rows = await selectWebhooks(db, companyId).orderBy('w.created_at').orderBy('w.id').execute();
  return rows.map((row) => toWebhook(row as WebhookRow));
}

/** The company's webhook; another company's (or no) id is 404. */
export async function getWebhook(
  db: Kysely<DB> | Transaction<DB>,
  companyId: string,
  id: string,
): Promise<Webhook> {
  if (!isUuid(id)) throw notFound('Webhook not found');
  const row = await selectWebhooks(db, companyId).where('w.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Webhook not found');
  return toWebhook(row as WebhookRow);
}

const templateOf = (template: string | undefined) =>
  template === undefined ? undefined : template.trim() === '' ? null : template;

/** Why a company cannot add another webhook (issue 23 item 9: each one multiplies every incident's deliveries). */
export const webhookLimitMessage = (limit: number) =>
  `A company can have at most ${limit} webhooks. Delete one before adding another.`;

export async function createWebhook(
  db: Kysely<DB>,
  caller: Caller,
  input: CreateWebhook,
  limits: { maxPerCompany: number },
): Promise<WebhookWithSecret> {
  const secret = generateWebhookSecret();
  const sealed = await sealSecret(db, secret);
  return db.transaction().execute(async (trx) => {
    // The company row is the lock: concurrent creates (several processes too) count one after another.
    // NO KEY UPDATE, so rows referencing the company (KEY SHARE) are not held up.
    await sql`select id from companies where id = ${caller.companyId} for no key update`.execute(trx);
    const { count } = await trx
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_id', '=', caller.companyId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= limits.maxPerCompany) throw conflict(webhookLimitMessage(limits.maxPerCompany));
    const { id } = await trx
      .insertInto('webhooks')
      .values({
        company_id: caller.companyId,
        name: input.name.trim(),
        url: input.url.trim(),
        events: input.events ?? [],
        template: templateOf(input.template) ?? null,
        enabled: input.enabled ?? true,
        secret_sealed: sealed,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorUserId: caller.userId,
      companyId: caller.companyId,
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: id,
      after: { name: input.name.trim(), url: input.url.trim(), events: input.events ?? [] },
      details: { name: input.name.trim(), url: input.url.trim(), events: input.events ?? [] },
    });
    return { ...(await getWebhook(trx, caller.companyId, id)), secret };
  });
}

/** Changes a webhook; with `rotateSecret` answers the new secret (the old one signs on for 24 h). */
export async function updateWebhook(
  db: Kysely<DB>,
  caller: Caller,
  id: string,
  input: UpdateWebhook,
): Promise<Webhook | WebhookWithSecret> {
  await getWebhook(db, caller.companyId, id);
  const secret = input.rotateSecret ? generateWebhookSecret() : undefined;
  const sealed = secret ? await sealSecret(db, secret) : undefined;
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('webhooks')
      .select(['enabled', 'secret_sealed'])
      .where('id', '=', id)
      .where('company_id', '=', caller.companyId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound('Webhook not found');
    const previous = await getWebhook(trx, caller.companyId, id);
    const template = templateOf(input.template);
    const reenabled = input.enabled === true && !current.enabled;
    await trx
      .updateTable('webhooks')
      .set({
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.url !== undefined ? { url: input.url.trim() } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(template !== undefined ? { template } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(reenabled ? { disabled_reason: null, consecutive_failures: 0 } : {}),
        ...(sealed
          ? {
              secret_sealed: sealed,
              previous_secret_sealed: current.secret_sealed,
              previous_secret_expires_at: new Date(Date.now() + ROTATION_GRACE_MS),
            }
          : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    const { rotateSecret, ...changes } = input;
    const changedKeys = Object.keys(changes) as (keyof typeof changes & keyof typeof previous)[];
    await writeAudit(trx, {
      actorUserId: caller.userId,
      companyId: caller.companyId,
      action: rotateSecret ? 'webhook.rotate-secret' : 'webhook.update',
      targetType: 'webhook',
      targetId: id,
      before: Object.fromEntries(changedKeys.map((key) => [key, previous[key]])),
      after: changes,
      details: { ...changes, ...(rotateSecret ? { rotateSecret: true } : {}) },
    });
    const webhook = await getWebhook(trx, caller.companyId, id);
    return secret ? { ...webhook, secret } : webhook;
  });
}

export async function deleteWebhook(db: Kysely<DB>, caller: Caller, id: string): Promise<void> {
  const webhook = await getWebhook(db, caller.companyId, id);
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('webhooks')
      .where('id', '=', id)
      .where('company_id', '=', caller.companyId)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw notFound('Webhook not found');
    await writeAudit(trx, {
      actorUserId: caller.userId,
      companyId: caller.companyId,
      action: 'webhook.delete',
      targetType: 'webhook',
      targetId: id,
      targetName: webhook.name,
      before: { name: webhook.name, url: webhook.url, events: webhook.events },
      details: { name: webhook.name, url: webhook.url },
    });
  });
}

export const DELIVERIES_PAGE_SIZE = 50;
const CURSOR_PREFIX = 'a1:';

function decodeAttemptCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const text = /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const id = text.startsWith(CURSOR_PREFIX) ? text.slice(CURSOR_PREFIX.length) : '';
  if (!/^[1-9]\d{0,15}$/.test(id))
    throw badRequest('Invalid cursor: pass back the next_cursor of the previous page.');
  return Number(id);
}

interface AttemptRow {
  id: number | string;
  message_id: string;
  event: WebhookDelivery['event'];
  attempt: number;
  response_status: number | null;
  duration_ms: number;
  at: Date | string;
  error: string | null;
}

export function toDelivery(row: AttemptRow): WebhookDelivery {
  return {
    id: String(row.id),
    messageId: messageIdOf(row.message_id),
    event: row.event,
    attempt: row.attempt,
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    at: iso(row.at) as string,
    ...(row.error ? { error: row.error } : {}),
  };
}

/** Every attempt of the webhook, newest first, in pages. */
export async function listDeliveries(
  db: Kysely<DB>,
  companyId: string,
  id: string,
  cursor: string | undefined,
): Promise<{ items: WebhookDelivery[]; next_cursor: string | null }> {
  const before = decodeAttemptCursor(cursor);
  await getWebhook(db, companyId, id);
  let query = db
    .selectFrom('webhook_attempts as a')
    .innerJoin('webhook_messages as m', 'm.id', 'a.message_id')
    .select([
      'a.id',
      'a.message_id',
      'm.event',
      'a.attempt',
      'a.response_status',
      'a.duration_ms',
      'a.at',
      'a.error',
    ])
    .where('a.webhook_id', '=', id)
    .orderBy('a.id', 'desc')
    .limit(DELIVERIES_PAGE_SIZE + 1);
  if (before !== undefined) query = query.where('a.id', '<', before);
  const rows = await query.execute();
  const page = rows.slice(0, DELIVERIES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toDelivery),
    next_cursor:
      rows.length > DELIVERIES_PAGE_SIZE && last
        ? Buffer.from(`${CURSOR_PREFIX}${last.id}`).toString('base64url')
        : null,
  };
}
