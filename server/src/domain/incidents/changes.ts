import { sql, type Transaction } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';

/** The NOTIFY channel on which the engine says which companies' devices or incidents changed. */
export const CHANGES_CHANNEL = 'portal_changes';

export type ChangeKind = 'devices' | 'incidents';

/** One notification per company: `{ c: companyId, o: orgIds | null (too many to list), k: kinds }`. */
export interface ChangeNotice {
  c: string;
  o: string[] | null;
  k: ChangeKind[];
}

/** NOTIFY payloads are limited to 8,000 bytes: past this many customers the notice means "any". */
const MAX_LISTED_ORGANIZATIONS = 100;

/** Tells every listening process, on commit, which companies and customers of these devices changed. */
export async function notifyChanges(
  trx: Transaction<DB>,
  deviceIds: readonly string[],
  kinds: readonly ChangeKind[],
): Promise<void> {
  await sql`
    select pg_notify(${CHANGES_CHANNEL}, json_build_object(
      'c', company_id,
      'o', case when count(distinct organization_id) <= ${MAX_LISTED_ORGANIZATIONS}
        then array_agg(distinct organization_id) end,
      'k', ${JSON.stringify(kinds)}::json)::text)
    from devices where id = any(${[...deviceIds]}::text[])
    group by company_id`.execute(trx);
}

/** Same, for known companies and organizations (license incidents, acknowledgements, mutes). */
export async function notifyCompanyChanges(
  trx: Transaction<DB>,
  notices: readonly ChangeNotice[],
): Promise<void> {
  for (const notice of notices)
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(notice)})`.execute(trx);
}
