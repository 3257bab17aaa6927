import type { ColumnType, Generated } from 'kysely';

/** One-time tokens opening a customer's user portal (migration 0003_portal_one_time_tokens). */
export interface PortalOneTimeTokenTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  organization_id: string;
  company_id: string;
  issued_to_user_id: string | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  consumed_at: ColumnType<Date, Date | string, Date | string> | null;
  created_at: Generated<Date>;
}

// The table belongs to this area; it joins the app's database type here rather than in db/.
declare module '../../db/types.ts' {
  interface DB {
    portal_one_time_tokens: PortalOneTimeTokenTable;
  }
}
