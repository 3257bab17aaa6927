import type { AuditEntry, AuditPage, AuditQuery } from '@portal/contracts/audit';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { badRequest } from '../errors.ts';
import { keysetPage } from '../keyset-page.ts';
import type { Caller } from '../members/caller.ts';

export type AuditFilters = Omit<AuditQuery, 'limit' | 'format'>;

interface AuditRow {
  id: number | string;
  at: Date;
  /** `at` to the microsecond, for the cursor (a Date keeps milliseconds only). */
  at_key: string;
  action: string;
  actor_type: AuditEntry['actor']['type'];
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  organization_id: string | null;
  organization_name: string | null;
  address: string | null;
  user_agent: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const CURSOR_MESSAGE = 'cursor: Invalid cursor; pass back the next_cursor of the previous page';

const encodeCursor = (row: AuditRow) => Buffer.from(`a1|${row.at_key}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString() : '';
  const [version, at, id] = text.split('|');
  if (version !== 'a1' || !at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9]{1,18}$/.test(id)) {
    throw badRequest(CURSOR_MESSAGE);
  }
  return { at, id };
}

/**
 * Whose entries the caller may read: the owner the company's, a member only the entries they made
 * themselves (issue 27 item 2). The company is always the caller's own; the route checks the path's id.
 */
function scope(caller: Caller): RawBuilder<unknown>[] {
  const where = [sql`a.company_id = ${caller.companyId}`];
  if (!caller.isOwner) where.push(sql`a.actor_type = 'user' and a.actor_id = ${caller.userId}`);
  return where;
}

function filters(query: AuditFilters): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (query.actor) where.push(sql`a.actor_id = ${query.actor}`);
  // An action or its prefix: the schema allows only [a-z0-9-.], so no LIKE wildcard gets in.
  if (query.action) where.push(sql`(a.action = ${query.action} or a.action like ${`${query.action}.%`})`);
  if (query.target) {
    const [type, id] = query.target.split(':');
    where.push(sql`a.target_type = ${type}`);
    if (id) where.push(sql`a.target_id = ${id}`);
  }
  if (query.organizationId) where.push(sql`a.organization_id = ${query.organizationId}`);
  if (query.since) where.push(sql`a.at >= ${query.since}::timestamptz`);
  if (query.until) where.push(sql`a.at <= ${query.until}::timestamptz`);
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    where.push(sql`(a.at, a.id) < (${after.at}::timestamptz, ${after.id}::bigint)`);
  }
  return where;
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    action: row.action,
    actor: { type: row.actor_type, id: row.actor_id, email: row.actor_email, name: row.actor_name },
    target: { type: row.target_type, id: row.target_id, name: row.target_name },
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    address: row.address,
    userAgent: row.user_agent,
    before: row.before,
    after: row.after,
  };
}

async function readRows(
  db: Kysely<DB>,
  caller: Caller,
  query: AuditFilters,
  limit: number,
): Promise<AuditRow[]> {
  const where = [...scope(caller), ...filters(query)];
  const result = await sql<AuditRow>`
    select a.id, a.at,
      to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key,
      a.action, a.actor_type, a.actor_id, a.actor_email, a.actor_name,
      a.target_type, a.target_id, a.target_name, a.organization_id, o.name as organization_name,
      a.address, a.user_agent, a.before, a.after
    from audit_log a
    left join organizations o on o.id = a.organization_id and o.company_id = a.company_id
    where ${sql.join(where, sql` and `)}
    order by a.at desc, a.id desc
    limit ${limit}`.execute(db);
  return result.rows;
}

/** One page of the caller's audit log, newest first (keyset on time and id). */
export async function listAudit(
  db: Kysely<DB>,
  caller: Caller,
  query: AuditFilters & { limit: number },
): Promise<AuditPage> {
  const rows = await readRows(db, caller, query, query.limit + 1);
  return keysetPage(rows, query.limit, toEntry, encodeCursor);
}

/** At most this many entries go into one export; beyond it the caller narrows the range (a 400 says so). */
export const AUDIT_EXPORT_MAX = 100_000;
export const EXPORT_TOO_LARGE_MESSAGE = 'Too many entries to export at once. Narrow the date range.';
const EXPORT_BATCH = 2000;

/** Every entry of the filtered range, newest first, read in keyset batches. */
export async function* exportAudit(
  db: Kysely<DB>,
  caller: Caller,
  query: AuditFilters,
): AsyncGenerator<AuditEntry[]> {
  let cursor = query.cursor;
  let total = 0;
  for (;;) {
    const rows = await readRows(db, caller, { ...query, cursor }, EXPORT_BATCH);
    total += rows.length;
    if (total > AUDIT_EXPORT_MAX) throw badRequest(EXPORT_TOO_LARGE_MESSAGE);
    if (rows.length > 0) yield rows.map(toEntry);
    const last = rows.at(-1);
    if (rows.length < EXPORT_BATCH || !last) return;
    cursor = encodeCursor(last);
  }
}
