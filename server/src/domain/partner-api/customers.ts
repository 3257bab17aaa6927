import type {
  PartnerCustomer,
  PartnerCustomerDetail,
  PartnerPageQuery,
  PartnerSite,
} from '@portal/contracts/partner-api';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { notFound } from '../errors.ts';
import { keysetPage } from '../keyset-page.ts';
import { decodeCursor, encodeCursor } from '../sites/cursor.ts';
import { isUuid } from '../uuid.ts';

interface CustomerRow {
  id: string;
  name: string;
  reference: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  address: string;
  created_at: Date;
}

const toCustomer = (row: CustomerRow): PartnerCustomer => ({
  id: row.id,
  name: row.name,
  reference: row.reference,
  contactName: row.contact_name,
  contactEmail: row.contact_email,
  contactPhone: row.contact_phone,
  address: row.address,
  createdAt: new Date(row.created_at).toISOString(),
});

const COLUMNS = sql`o.id, o.name, o.reference, o.contact_name, o.contact_email, o.contact_phone, o.address,
  o.created_at`;

/** The company's customers in id order (a stable keyset: names change). */
export async function listCustomers(db: Kysely<DB>, companyId: string, page: PartnerPageQuery) {
  const after = decodeCursor(page.cursor);
  const { rows } = await sql<CustomerRow>`
    select ${COLUMNS} from organizations o
    where o.company_id = ${companyId} ${after ? sql`and o.id > ${after}` : sql``}
    order by o.id
    limit ${page.limit + 1}`.execute(db);
  return keysetPage(rows, page.limit, toCustomer, (last) => encodeCursor(last.id));
}

/** One customer of the company with its counts; another company's is 404. */
export async function customerDetail(
  db: Kysely<DB>,
  companyId: string,
  id: string,
): Promise<PartnerCustomerDetail> {
  if (!isUuid(id)) throw notFound('Customer not found');
  const { rows } = await sql<CustomerRow & { sites: number; devices: number; open_incidents: number }>`
    select ${COLUMNS},
      (select count(*)::int from sites s where s.organization_id = o.id) as sites,
      (select count(*)::int from devices d where d.organization_id = o.id) as devices,
      (select count(*)::int from incidents i
        where i.organization_id = o.id and i.resolved_at is null) as open_incidents
    from organizations o
    where o.id = ${id} and o.company_id = ${companyId}`.execute(db);
  const row = rows[0];
  if (!row) throw notFound('Customer not found');
  return { ...toCustomer(row), sites: row.sites, devices: row.devices, openIncidents: row.open_incidents };
}

/** A customer's sites in id order; a customer of another company is 404. */
export async function listCustomerSites(
  db: Kysely<DB>,
  companyId: string,
  customerId: string,
  page: PartnerPageQuery,
) {
  if (!isUuid(customerId)) throw notFound('Customer not found');
  const after = decodeCursor(page.cursor);
  const [{ rows }, customer] = await Promise.all([
    sql<{
      id: string;
      organization_id: string;
      name: string;
      address: string;
      latitude: number | null;
      longitude: number | null;
    }>`
      select s.id, s.organization_id, s.name, s.address, s.latitude, s.longitude from sites s
      where s.organization_id = ${customerId} and s.company_id = ${companyId}
        ${after ? sql`and s.id > ${after}` : sql``}
      order by s.id
      limit ${page.limit + 1}`.execute(db),
    db
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', customerId)
      .where('company_id', '=', companyId)
      .executeTakeFirst(),
  ]);
  if (!customer) throw notFound('Customer not found');
  const toSite = (row: (typeof rows)[number]): PartnerSite => ({
    id: row.id,
    customerId: row.organization_id,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
  });
  return keysetPage(rows, page.limit, toSite, (last) => encodeCursor(last.id));
}
