import type { OrganizationService } from '@portal/contracts/platform';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { expireRemoteAccess } from '../remote-access/expiry.ts';
import { CAMERA_ABNORMAL, IS_CAMERA, IS_SERVER, SERVER_ABNORMAL } from '../statistics/predicates.ts';

interface ServiceRow {
  device_id: string;
  site_id: string;
  ip_addresses: string[];
  name: string;
  service_type: 'VSS' | 'DEVICE_MANAGER';
  connected: boolean | null;
  remote_access_enabled: boolean;
  remote_access_requesting: boolean;
  frp_url: string | null;
  camera_count: number;
  camera_abnormal: number;
  server_count: number;
  server_abnormal: number;
}

interface VortexRow {
  name: string;
  remote_access_enabled: boolean;
  remote_access_requesting: boolean;
  camera_count: number;
  camera_abnormal: number;
  server_count: number;
  server_abnormal: number;
}

const counts = sql`
  count(d.id) filter (where ${IS_CAMERA}) as camera_count,
  count(d.id) filter (where ${IS_CAMERA} and ${CAMERA_ABNORMAL}) as camera_abnormal,
  count(d.id) filter (where ${IS_SERVER}) as server_count,
  count(d.id) filter (where ${IS_SERVER} and ${SERVER_ABNORMAL}) as server_abnormal`;

/**
 * SPEC §3 Organization services: the synthetic VORTEX service standing for the organization's first
 * platform (its user portal), then each VSS and device-manager service with the devices behind it
 * (the service's own server device included in its server counts).
 */
export async function listOrganizationServices(
  db: Kysely<DB>,
  organizationId: string,
): Promise<OrganizationService[]> {
  await expireRemoteAccess(db, organizationId);
  const [services, vortex] = await Promise.all([
    sql<ServiceRow>`
      select s.device_id, sd.site_id, sd.ip_addresses, sd.name, s.service_type, sd.connected,
        s.remote_access_enabled, s.remote_access_requesting, s.frp_url, ${counts}
      from services s
      join devices sd on sd.id = s.device_id
      left join devices d on d.organization_id = s.organization_id and coalesce(d.service_id, d.id) = s.device_id
      where s.organization_id = ${organizationId}
      group by s.device_id, sd.id
      order by sd.name, s.device_id`.execute(db),
    sql<VortexRow>`
      select o.name, o.remote_access_enabled, o.remote_access_requesting, ${counts}
      from organizations o
      left join devices d on d.organization_id = o.id and d.platform = 'first'
      where o.id = ${organizationId}
      group by o.id`.execute(db),
  ]);
  const statistics = (row: ServiceRow | VortexRow) => ({
    camera: { count: row.camera_count, abnormalCount: row.camera_abnormal },
    server: { count: row.server_count, abnormalCount: row.server_abnormal },
  });
  const portal = vortex.rows[0];
  return [
    ...(portal
      ? [
          {
            deviceId: organizationId,
            siteId: null,
            ipAddressList: [],
            name: portal.name,
            serviceType: 'VORTEX' as const,
            connected: true,
            statistics: statistics(portal),
            remoteAccess: {
              enabled: portal.remote_access_enabled,
              requesting: portal.remote_access_requesting,
              frpUrl: null,
            },
          },
        ]
      : []),
    ...services.rows.map((row) => ({
      deviceId: row.device_id,
      siteId: row.site_id,
      ipAddressList: row.ip_addresses,
      name: row.name,
      serviceType: row.service_type,
      connected: row.connected ?? false,
      statistics: statistics(row),
      remoteAccess: {
        enabled: row.remote_access_enabled,
        requesting: row.remote_access_requesting,
        frpUrl: row.remote_access_enabled ? row.frp_url : null,
      },
    })),
  ];
}
