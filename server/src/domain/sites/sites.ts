import type { Platform } from '@portal/contracts/devices';
import {
  SITE_LOCATION_PAGE_SIZE,
  SITE_PAGE_SIZE,
  type Site,
  type SiteLocation,
  type SiteStatus,
} from '@portal/contracts/organizations';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { type KeysetPage, keysetPage } from '../keyset-page.ts';
import { DEVICE_ABNORMAL } from '../statistics/predicates.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

interface SiteRow {
  id: string;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  has_device_error: boolean;
}

export interface PageRequest {
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** A site's flag (`s`): a device of `platform` there is offline or carries a status flag. */
const hasDeviceError = (platform: Platform | RawBuilder<Platform>) => sql<boolean>`exists (
    select 1 from devices d where d.site_id = s.id and d.platform = ${platform} and ${DEVICE_ABNORMAL}
  ) as has_device_error`;

/**
 * One page of an organization's sites in id order (sites_organization_id_key), each flagged when a device
 * of `platform` there is offline or carries a status flag.
 */
async function sitePage<Item>(
  db: Kysely<DB>,
  organizationId: string,
  platform: Platform,
  page: PageRequest,
  toItem: (row: SiteRow) => Item,
): Promise<KeysetPage<Item>> {
  const after = decodeCursor(page.cursor);
  const limit = page.limit ?? SITE_PAGE_SIZE;
  const { rows } = await sql<SiteRow>`
    select s.id, s.name, s.address, s.latitude, s.longitude, ${hasDeviceError(platform)}
    from sites s
    where s.organization_id = ${organizationId} ${after ? sql`and s.id > ${after}` : sql``}
    order by s.id
    limit ${limit + 1}`.execute(db);
  return keysetPage(rows, limit, toItem, (last) => encodeCursor(last.id));
}

/** A page of an organization's sites for a platform, in the form one route answers with. */
type SiteList<Item> = (
  db: Kysely<DB>,
  organizationId: string,
  platform: Platform,
  page: PageRequest,
) => Promise<KeysetPage<Item>>;

export const listSites: SiteList<Site> = (db, organizationId, platform, page) =>
  sitePage(db, organizationId, platform, page, (row) => ({
    id: row.id,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    hasDeviceError: row.has_device_error,
  }));

export const listSiteStatuses: SiteList<SiteStatus> = (db, organizationId, platform, page) =>
  sitePage(db, organizationId, platform, page, (row) => ({
    id: row.id,
    hasDeviceStatus: row.has_device_error,
  }));

interface SiteLocationRow {
  id: string;
  organization_id: string;
  name: string;
  latitude: number;
  longitude: number;
  has_device_error: boolean;
}

/**
 * One page of the located sites of all the company's customers in id order, for the customer list's map
 * (sites_company_idx), each flagged as on `listSites` for the first platform.
 */
export async function listSiteLocations(
  db: Kysely<DB>,
  companyId: string,
  page: PageRequest,
): Promise<KeysetPage<SiteLocation>> {
  const after = decodeCursor(page.cursor);
  const limit = page.limit ?? SITE_LOCATION_PAGE_SIZE;
  const { rows } = await sql<SiteLocationRow>`
    select s.id, s.organization_id, s.name, s.latitude, s.longitude, ${hasDeviceError(sql.lit('first'))}
    from sites s
    where s.company_id = ${companyId} and s.latitude is not null and s.longitude is not null
      ${after ? sql`and s.id > ${after}` : sql``}
    order by s.id
    limit ${limit + 1}`.execute(db);
  const toLocation = (row: SiteLocationRow): SiteLocation => ({
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    hasDeviceError: row.has_device_error,
  });
  return keysetPage(rows, limit, toLocation, (last) => encodeCursor(last.id));
}
