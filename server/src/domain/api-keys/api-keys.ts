import type { ApiKey, ApiKeyScope, CreateApiKey, CreatedApiKey } from '@portal/contracts/api-keys';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { writeAudit } from '../audit/audit-log.ts';
import { notFound } from '../errors.ts';
import { isUuid } from '../uuid.ts';
import { apiKeyHash, newApiKeyText } from './key-text.ts';

/** The member who manages the company's keys (the owner: the routes check it). */
export interface KeyManager {
  userId: string;
  companyId: string;
}

interface KeyRow {
  id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  created_by: string | null;
  last_used_at: Date | null;
  calls_today: number;
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    callsToday: Number(row.calls_today),
  };
}

const SELECT_KEYS = (now: Date) => sql<KeyRow>`
  select k.id, k.name, k.scopes, k.created_at, k.last_used_at,
    nullif(coalesce(nullif(u.name, ''), u.email), '') as created_by,
    coalesce(d.calls, 0) as calls_today
  from api_keys k
  left join users u on u.id = k.created_by_user_id
  left join api_key_usage d on d.key_id = k.id and d.day = ${utcDay(now)}::date`;

/** The company's live keys, oldest first; never the key itself (only its hash is stored). */
export async function listApiKeys(db: Kysely<DB>, companyId: string, now = new Date()): Promise<ApiKey[]> {
  const { rows } = await sql<KeyRow>`${SELECT_KEYS(now)}
    where k.company_id = ${companyId} and k.revoked_at is null
    order by k.created_at, k.id`.execute(db);
  return rows.map(toApiKey);
}

/** A new key of the company, audited; the answer holds the key, which is never readable again. */
export async function createApiKey(
  db: Kysely<DB>,
  manager: KeyManager,
  input: CreateApiKey,
  from: { address: string; userAgent: string | null },
): Promise<CreatedApiKey> {
  const key = newApiKeyText();
  const scopes = [...input.scopes].sort();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('api_keys')
      .values({
        company_id: manager.companyId,
        name: input.name,
        scopes,
        key_hash: apiKeyHash(key),
        created_by_user_id: manager.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorUserId: manager.userId,
      companyId: manager.companyId,
      action: 'api-key.create',
      targetType: 'api_key',
      targetId: row.id,
      targetName: input.name,
      after: { name: input.name, scopes },
      source: from,
    });
    const { rows } = await sql<KeyRow>`${SELECT_KEYS(new Date())} where k.id = ${row.id}`.execute(trx);
    return { ...toApiKey(rows[0] as KeyRow), key };
  });
}

/** Revokes a live key of the company, audited: refused on the very next call (no cache). 404 otherwise. */
export async function revokeApiKey(
  db: Kysely<DB>,
  manager: KeyManager,
  keyId: string,
  from: { address: string; userAgent: string | null },
): Promise<void> {
  if (!isUuid(keyId)) throw notFound('API key not found');
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', keyId)
      .where('company_id', '=', manager.companyId)
      .where('revoked_at', 'is', null)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!row) throw notFound('API key not found');
    await writeAudit(trx, {
      actorUserId: manager.userId,
      companyId: manager.companyId,
      action: 'api-key.revoke',
      targetType: 'api_key',
      targetId: row.id,
      targetName: row.name,
      source: from,
    });
  });
}
