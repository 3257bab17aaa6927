import type { LicenseType } from '@portal/contracts/licenses';
import type { PartnerLicense, PartnerLicenseQuery } from '@portal/contracts/partner-api';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { badRequest } from '../errors.ts';
import { keysetPage } from '../keyset-page.ts';
import { isUuid } from '../uuid.ts';

interface LicenseRow {
  id: string;
  organization_id: string;
  device_id: string | null;
  type: LicenseType;
  retention_days: number | null;
  expiration_date: string;
}

const encodeCursor = (row: LicenseRow) =>
  Buffer.from(`l1|${row.expiration_date}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { date: string; id: string } {
  const [version, date, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (version !== 'l1' || !/^\d{4}-\d{2}-\d{2}$/.test(date ?? '') || !isUuid(id ?? ''))
    throw badRequest('Invalid cursor: pass back the next_cursor of the previous page.');
  return { date: date as string, id: id as string };
}

/** The licenses of the company's customers, soonest expiry first; `today` is the UTC day. */
export async function listLicenses(
  db: Kysely<DB>,
  companyId: string,
  query: PartnerLicenseQuery,
  today: string,
) {
  const where = [sql`o.company_id = ${companyId}`];
  if (query.customerId) where.push(sql`l.organization_id = ${query.customerId}`);
  if (query.state === 'expired') where.push(sql`l.expiration_date < ${today}::date`);
  if (query.state === 'active') where.push(sql`l.expiration_date >= ${today}::date`);
  if (query.expiringWithinDays !== undefined)
    where.push(
      sql`l.expiration_date between ${today}::date and ${today}::date + ${query.expiringWithinDays}::int`,
    );
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    where.push(sql`(l.expiration_date, l.id) > (${after.date}::date, ${after.id}::uuid)`);
  }
  const { rows } = await sql<LicenseRow>`
    select l.id, l.organization_id, l.device_id, l.type, l.retention_days,
      to_char(l.expiration_date, 'YYYY-MM-DD') as expiration_date
    from licenses l join organizations o on o.id = l.organization_id
    where ${sql.join(where, sql` and `)}
    order by l.expiration_date, l.id
    limit ${query.limit + 1}`.execute(db);
  const toLicense = (row: LicenseRow): PartnerLicense => ({
    id: row.id,
    customerId: row.organization_id,
    deviceId: row.device_id,
    type: row.type,
    retentionDays: row.retention_days,
    expirationDate: row.expiration_date,
    state: row.expiration_date < today ? 'expired' : 'active',
  });
  return keysetPage(rows, query.limit, toLicense, encodeCursor);
}
