import type { Platform } from '@portal/contracts/devices';
import {
  SITE_LOCATION_PAGE_SIZE,
  SITE_PAGE_SIZE,
  type Site,
  type SiteLocation,
  type SiteStatus,
} from '@portal/contracts/organizations';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
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

/**
 * One page of an organization's sites in id order (sites_organization_id_key), each flagged when a device
 * of `platform` there is offline or carries a status flag.
 */
async function sitePage(db: Kysely<DB>, organizationId: string, platform: Platform, page: PageRequest) {
  const after = decodeCursor(page.cursor);
  const limit = page.limit ?? SITE_PAGE_SIZE;
  const { rows } = await sql<SiteRow>`
    select s.id, s.name, s.address, s.latitude, s.longitude,
      exists (
        select 1 from devices d where d.site_id = s.id and d.platform = ${platform} and ${DEVICE_ABNORMAL}
      ) as has_device_error
    from sites s
    where s.organization_id = ${organizationId} ${after ? sql`and s.id > ${after}` : sql``}
    order by s.id
    limit ${limit + 1}`.execute(db);
  const items = rows.slice(0, limit);
  const next = rows.length > limit ? encodeCursor(items.at(-1)!.id) : null;
  return { items, next_cursor: next };
}

export async function listSites(
  db: Kysely<DB>,
  organizationId: string,
  platform: Platform,
  page: PageRequest,
): Promise<{ items: Site[]; next_cursor: string | null }> {
  const { items, next_cursor } = await sitePage(db, organizationId, platform, page);
  return {
    items: items.map((row) => ({
      id: row.id,
      name: row.name,
      address: row.address,
      latitude: row.latitude,
      longitude: row.longitude,
      hasDeviceError: row.has_device_error,
    })),
    next_cursor,
  };
}

export async function listSiteStatuses(
  db: Kysely<DB>,
  organizationId: string,
  platform: Platform,
  page: PageRequest,
): Promise<{ items: SiteStatus[]; next_cursor: string | null }> {
  const { items, next_cursor } = await sitePage(db, organizationId, platform, page);
  return { items: items.map((row) => ({ id: row.id, hasDeviceStatus: row.has_device_error })), next_cursor };
}

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
): Promise<{ items: SiteLocation[]; next_cursor: string | null }> {
  const after = decodeCursor(page.cursor);
  const limit = page.limit ?? SITE_LOCATION_PAGE_SIZE;
  const { rows } = await sql<SiteLocationRow>`
    select s.id, s.organization_id, s.name, s.latitude, s.longitude,
      exists (
        select 1 from devices d where d.site_id = s.id and d.platform = 'first' and ${DEVICE_ABNORMAL}
      ) as has_device_error
    from sites s
    where s.company_id = ${companyId} and s.latitude is not null and s.longitude is not null
      ${after ? sql`and s.id > ${after}` : sql``}
    order by s.id
    limit ${limit + 1}`.execute(db);
  const items = rows.slice(0, limit);
  return {
    items: items.map((row) => ({
      id: row.id,
      organizationId: row.organization_id,
      name: row.name,
      latitude: row.latitude,
      longitude: row.longitude,
      hasDeviceError: row.has_device_error,
    })),
    next_cursor: rows.length > limit ? encodeCursor(items.at(-1)!.id) : null,
  };
}
