import type { ObmCompanyStatistics } from '@portal/contracts/obm';
import { type Kysely, sql } from 'kysely';
import { col, EXAMPLE_UUID, rawQuery } from '../../infrastructure/db/typed-sql.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import {
  cameraStatistics,
  DEVICE_COUNT_COLUMNS,
  EMPTY_DEVICE_COUNTS,
  serverStatistics,
} from './device-counts.ts';
import { ofCompany, summedDeviceCounts } from './summaries.ts';

const secondPlatformCountsQuery = rawQuery(
  'company second-platform device counts',
  { organizations: col.int4(), ...DEVICE_COUNT_COLUMNS },
  (companyId: string) => sql`
      select count(*) filter (where s.total > 0)::int as organizations, ${summedDeviceCounts}
      from device_summary s
      where ${ofCompany(companyId)} and s.platform = 'second'`,
  [EXAMPLE_UUID],
);

const serviceCountsQuery = rawQuery(
  'company service counts',
  {
    count: col.int8(),
    connected: col.int8(),
    vss: col.int8(),
    device_manager: col.int8(),
    remote_access_enabled: col.int8(),
  },
  (companyId: string) => sql`
      select count(*) as count,
        count(*) filter (where coalesce((select sd.connected from devices sd where sd.id = s.device_id), false))
          as connected,
        count(*) filter (where s.service_type = 'VSS') as vss,
        count(*) filter (where s.service_type = 'DEVICE_MANAGER') as device_manager,
        count(*) filter (where s.remote_access_enabled) as remote_access_enabled
      from services s
      where ${ofCompany(companyId)}`,
  [EXAMPLE_UUID],
);

/**
 * The company's second platform as OBM sees it: its services and the devices behind them. Device numbers
 * come from device_summary (migration 0005); services are few, each looking up its own device (a join
 * would hash every device of the company).
 */
export async function obmCompanyStatistics(db: Kysely<DB>, companyId: string): Promise<ObmCompanyStatistics> {
  const [devices, services] = await Promise.all([
    secondPlatformCountsQuery(companyId).execute(db),
    serviceCountsQuery(companyId).execute(db),
  ]);
  const row = devices.rows[0] ?? { ...EMPTY_DEVICE_COUNTS, organizations: 0 };
  const service = services.rows[0] ?? {
    count: 0,
    connected: 0,
    vss: 0,
    device_manager: 0,
    remote_access_enabled: 0,
  };
  return {
    organizations: { count: row.organizations },
    services: {
      count: service.count,
      connected: service.connected,
      disconnected: service.count - service.connected,
      vss: service.vss,
      deviceManager: service.device_manager,
      remoteAccessEnabled: service.remote_access_enabled,
    },
    devices: { total: row.total, camera: cameraStatistics(row), server: serverStatistics(row) },
  };
}
