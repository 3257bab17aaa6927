/**
 * What the ingest bench measures with, added to its copy of the large demo data before the server starts:
 * a site "Bench probes" at the first customer of the large dealer (Atlas Security) holding
 *   - 40 first-platform cameras (online, recording) the probes flip: report → visible, report → incident;
 *   - a VSS server with 64 cameras behind it: the storm.
 * The load leaves these devices alone.
 */

import { listDemoAccounts } from '../../server/src/demo/accounts.ts';
import type { Database } from '../../server/src/infrastructure/db/database.ts';

export const LARGE_DEALER_OWNER = 'owner@atlas-security.example';
export const PROBE_CAMERAS = 40;
export const STORM_CAMERAS = 64;

export interface IngestFixture {
  companyId: string;
  organizationId: string;
  siteId: string;
  probeCameras: string[];
  stormServer: string;
  stormCameras: string[];
}

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(12 - prefix.length, '0')}`;

export async function addIngestFixture(database: Database): Promise<IngestFixture> {
  const { db } = database;
  const owner = (await listDemoAccounts(db)).find((account) => account.email === LARGE_DEALER_OWNER);
  if (!owner) throw new Error(`${LARGE_DEALER_OWNER} is not in this database: seed the large demo data`);
  const organization = await db
    .selectFrom('organizations')
    .select('id')
    .where('company_id', '=', owner.companyId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const site = await db
    .insertInto('sites')
    .values({
      organization_id: organization.id,
      company_id: owner.companyId,
      name: 'Bench probes',
      latitude: 25.03,
      longitude: 121.56,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const base = {
    company_id: owner.companyId,
    organization_id: organization.id,
    site_id: site.id,
    last_online_at: new Date(),
  };
  const probeCameras = Array.from({ length: PROBE_CAMERAS }, (_, i) => id('PROBE', i + 1));
  await db
    .insertInto('devices')
    .values(
      probeCameras.map((deviceId, i) => ({
        ...base,
        id: deviceId,
        platform: 'first' as const,
        device_type: 'CAMERA' as const,
        device_category: 'CAMERA' as const,
        name: `Probe ${i + 1}`,
        online: true,
        recording: true,
      })),
    )
    .execute();
  const stormServer = id('STORMSRV', 1);
  const stormCameras = Array.from({ length: STORM_CAMERAS }, (_, i) => id('STORMCAM', i + 1));
  await db
    .insertInto('devices')
    .values({
      ...base,
      id: stormServer,
      platform: 'second',
      device_type: 'VSS',
      device_category: 'SERVER',
      name: 'Storm VSS',
      connected: true,
      is_recording: true,
    })
    .execute();
  // The service row before the cameras: they reference it (organization, service).
  await db
    .insertInto('services')
    .values({ device_id: stormServer, organization_id: organization.id, service_type: 'VSS' })
    .execute();
  await db
    .insertInto('devices')
    .values(
      stormCameras.map((deviceId, i) => ({
        ...base,
        id: deviceId,
        platform: 'second' as const,
        device_type: 'CAMERA' as const,
        device_category: 'CAMERA' as const,
        name: `Storm cam ${i + 1}`,
        service_id: stormServer,
        connected: true,
        is_recording: true,
      })),
    )
    .execute();
  return {
    companyId: owner.companyId,
    organizationId: organization.id,
    siteId: site.id,
    probeCameras,
    stormServer,
    stormCameras,
  };
}
