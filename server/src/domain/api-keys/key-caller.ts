import type { ApiKeyScope } from '@portal/contracts/api-keys';
import type { BrandId } from '@portal/contracts/brands';
import { DEFAULT_ROLE, type Role } from '@portal/contracts/roles';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { apiKeyHash, looksLikeApiKey } from './key-text.ts';

/** The caller of a partner-API route: a live key of a company, with that company's current role. */
export interface ApiKeyCaller {
  keyId: string;
  keyName: string;
  companyId: string;
  role: Role;
  vendor: BrandId;
  scopes: readonly ApiKeyScope[];
}

export interface FoundKey {
  caller: ApiKeyCaller;
  /** The key's rate window as every process has counted it so far (key-usage.ts adds this process's). */
  window: { calls: number; startedAt: Date } | null;
}

interface KeyRow {
  id: string;
  name: string;
  company_id: string;
  scopes: ApiKeyScope[];
  roles: string[];
  vendor: BrandId;
  window_calls: number | null;
  window_started_at: Date | null;
}

/**
 * The live key behind a bearer value, with its company's current role and its shared rate window: one
 * read by the key's hash (a unique index). Nothing is cached, so a revoked key is refused on the very next
 * call on every process. Undefined for an unknown or revoked key.
 */
export async function findApiKey(db: Kysely<DB>, key: string): Promise<FoundKey | undefined> {
  if (!looksLikeApiKey(key)) return undefined;
  const { rows } = await sql<KeyRow>`
    select k.id, k.name, k.company_id, k.scopes, c.roles, c.vendor,
      r.count as window_calls, r.window_started_at
    from api_keys k
    join companies c on c.id = k.company_id
    left join identity_rate_counters r on r.key = 'api-key:' || k.id
    where k.key_hash = ${apiKeyHash(key)} and k.revoked_at is null`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    caller: {
      keyId: row.id,
      keyName: row.name,
      companyId: row.company_id,
      role: (row.roles[0] ?? DEFAULT_ROLE) as Role,
      vendor: row.vendor,
      scopes: row.scopes,
    },
    window:
      row.window_started_at === null
        ? null
        : { calls: Number(row.window_calls), startedAt: new Date(row.window_started_at) },
  };
}
