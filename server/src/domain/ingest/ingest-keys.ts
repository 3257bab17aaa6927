import { createHash, randomBytes } from 'node:crypto';
import type { IngestPlatform } from '@portal/contracts/ingest';
import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { writeAudit } from '../audit/audit-log.ts';

/** The platform of each device table value: a key reports for the devices of its platform only. */
export const DEVICE_PLATFORM_OF: Record<IngestPlatform, 'first' | 'second'> = {
  VORTEX: 'first',
  VSS: 'second',
};

export interface IngestKey {
  id: string;
  platform: IngestPlatform;
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key; only its hash is stored, so the key itself is shown once, to whoever created it. */
export async function createIngestKey(
  db: Kysely<DB>,
  platform: IngestPlatform,
  name: string,
): Promise<IngestKey & { key: string; name: string }> {
  const key = `ppi_${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('ingest_keys')
    .values({ platform, name: name.trim(), key_hash: hashOf(key) })
    .returning(['id', 'platform', 'name'])
    .executeTakeFirstOrThrow();
  // The platforms' keys are the operator's (npm run keys), not a company's: an entry of no company's log.
  await writeAudit(db, {
    actorUserId: null,
    companyId: null,
    action: 'ingest-key.create',
    targetType: 'ingest_key',
    targetId: row.id,
    targetName: row.name,
    after: { platform: row.platform, name: row.name },
  });
  return { id: row.id, platform: row.platform as IngestPlatform, name: row.name, key };
}

/** Revokes the keys of that id or name; returns how many were live. */
export async function revokeIngestKey(db: Kysely<DB>, idOrName: string): Promise<number> {
  const isId = /^[0-9a-f-]{36}$/i.test(idOrName);
  const result = await db
    .updateTable('ingest_keys')
    .set({ revoked_at: new Date() })
    .where(isId ? 'id' : 'name', '=', idOrName)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name'])
    .execute();
  for (const key of result) {
    await writeAudit(db, {
      actorUserId: null,
      companyId: null,
      action: 'ingest-key.revoke',
      targetType: 'ingest_key',
      targetId: key.id,
      targetName: key.name,
    });
  }
  return result.length;
}

export async function listIngestKeys(db: Kysely<DB>) {
  return db
    .selectFrom('ingest_keys')
    .select(['id', 'platform', 'name', 'created_at', 'revoked_at'])
    .orderBy('created_at')
    .execute();
}

/** The live key behind a bearer value, if any. */
export async function findIngestKey(db: Kysely<DB>, key: string): Promise<IngestKey | undefined> {
  if (!key.startsWith('ppi_') || key.length > 200) return undefined;
  const row = await db
    .selectFrom('ingest_keys')
    .select(['id', 'platform'])
    .where('key_hash', '=', hashOf(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, platform: row.platform as IngestPlatform } : undefined;
}

/** Receipts keep report ids for duplicate detection; a day is far longer than any platform retries. */
export async function pruneIngestReceipts(db: Kysely<DB>, olderThanHours = 24): Promise<number> {
  const result = await db
    .deleteFrom('ingest_receipts')
    .where('received_at', '<', new Date(Date.now() - olderThanHours * 3600_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
