import type { ApiKeyScope } from '@portal/contracts/api-keys';
import type { BrandId } from '@portal/contracts/brands';
import { DEFAULT_ROLE, type Role } from '@portal/contracts/roles';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import { writeAudit } from '../audit/audit-log.ts';
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

export interface KeyUse {
  caller: ApiKeyCaller;
  /** The key's calls in the current rate window (this one included), and when the window started. */
  windowCalls: number;
  windowStartedAt: Date;
  /** First call of the key from this address. */
  newAddress: boolean;
}

interface UseRow {
  id: string;
  name: string;
  company_id: string;
  scopes: ApiKeyScope[];
  roles: string[];
  vendor: BrandId;
  window_calls: number;
  window_started_at: Date;
  new_address: boolean;
}

/**
 * One statement per call: finds the live key by its hash (unique index), and counts the call: last used,
 * calls of the UTC day, the rate window (identity_rate_counters, shared by every process) and the address.
 * Nothing is cached, so a revoked key is refused on the very next call on every process. Undefined for an
 * unknown or revoked key.
 */
export async function useApiKey(
  db: Kysely<DB>,
  key: string,
  at: { now: Date; address: string; windowSeconds: number },
): Promise<KeyUse | undefined> {
  if (!looksLikeApiKey(key)) return undefined;
  const { now, address } = at;
  const windowStart = new Date(now.getTime() - at.windowSeconds * 1000);
  const { rows } = await sql<UseRow>`
    with k as (
      select k.id, k.name, k.company_id, k.scopes, c.roles, c.vendor
      from api_keys k join companies c on c.id = k.company_id
      where k.key_hash = ${apiKeyHash(key)} and k.revoked_at is null
    ),
    used as (
      update api_keys set last_used_at = ${now} where id = (select id from k) returning id
    ),
    today as (
      insert into api_key_usage (key_id, day, calls) select id, ${now.toISOString().slice(0, 10)}::date, 1 from k
      on conflict (key_id, day) do update set calls = api_key_usage.calls + 1
      returning calls
    ),
    rate as (
      insert into identity_rate_counters as c (key, window_started_at, count)
      select 'api-key:' || id, ${now}, 1 from k
      on conflict (key) do update set
        count = case when c.window_started_at <= ${windowStart} then 1 else c.count + 1 end,
        window_started_at = case when c.window_started_at <= ${windowStart} then ${now} else c.window_started_at end
      returning count, window_started_at
    ),
    seen as (
      insert into api_key_addresses (key_id, address) select id, ${address} from k
      on conflict do nothing returning address
    )
    select k.id, k.name, k.company_id, k.scopes, k.roles, k.vendor,
      (select count from rate) as window_calls, (select window_started_at from rate) as window_started_at,
      exists (select 1 from seen) as new_address
    from k`.execute(db);
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
    windowCalls: Number(row.window_calls),
    windowStartedAt: new Date(row.window_started_at),
    newAddress: row.new_address,
  };
}

/** The first call of a key from an address, in the company's audit log (once per key and address). */
export async function auditNewAddress(
  db: Kysely<DB>,
  caller: ApiKeyCaller,
  from: { address: string; userAgent: string | null },
): Promise<void> {
  await writeAudit(db, {
    actorUserId: null,
    companyId: caller.companyId,
    action: 'api_key.new_address',
    targetType: 'api_key',
    targetId: caller.keyId,
    details: {
      actor: { type: 'api-key', id: caller.keyId, name: caller.keyName },
      address: from.address,
      userAgent: from.userAgent,
    },
  });
}
