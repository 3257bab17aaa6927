import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import type { ApiKeyCaller } from '../api-keys/key-caller.ts';
import { notFound } from '../errors.ts';
import { dealerBelow } from '../partners/partner-view.ts';

/** Whose data a partner-API call reads: the key's own company, or a dealer below it (read-only). */
export interface ReadScope {
  companyId: string;
  /** A dealer below the key's company (a distributor's or HQ's key): reads only. */
  readOnly: boolean;
}

/**
 * `companyId` omitted or the key's own: its company. Another: a dealer below the key's company, read fresh
 * (decision 0021's hierarchy, as the drill-down reads it); anything else is 404, its existence not leaked.
 */
export async function readScope(
  db: Kysely<DB>,
  key: ApiKeyCaller,
  companyId: string | undefined,
): Promise<ReadScope> {
  if (companyId === undefined || companyId === key.companyId)
    return { companyId: key.companyId, readOnly: false };
  const dealer = await dealerBelow(db, key, companyId);
  if (!dealer) throw notFound('Company not found');
  return { companyId: dealer.companyId, readOnly: true };
}
