import type {
  cameraStatisticsSchema,
  serverStatisticsSchema,
  speakerStatisticsSchema,
} from '@portal/contracts/statistics';
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { type Column, col, type RowOf } from '../../infrastructure/db/typed-sql.ts';
import { CAMERA_ABNORMAL, IS_CAMERA, IS_SERVER, IS_SPEAKER, SERVER_ABNORMAL } from './predicates.ts';

type Counted = readonly [column: string, predicate: RawBuilder<unknown> | null];

/** Every device number: its column name and the devices it counts (null: all of them). */
const COUNTED = [
  ['total', null],
  ['camera_count', IS_CAMERA],
  ['camera_abnormal', sql`${IS_CAMERA} and ${CAMERA_ABNORMAL}`],
  ['camera_offline', sql`${IS_CAMERA} and d.offline`],
  ['camera_recording', sql`${IS_CAMERA} and d.state = 'RECORDING'`],
  ['camera_record_failed', sql`${IS_CAMERA} and d.record_failed`],
  ['camera_firmware_failed', sql`${IS_CAMERA} and d.firmware_updated_failed`],
  ['server_count', IS_SERVER],
  ['server_abnormal', sql`${IS_SERVER} and ${SERVER_ABNORMAL}`],
  ['server_offline', sql`${IS_SERVER} and d.offline`],
  ['server_smart_error', sql`${IS_SERVER} and d.smart_error`],
  ['server_disk_failed', sql`${IS_SERVER} and d.disk_failed`],
  ['server_cpu_high', sql`${IS_SERVER} and d.server_cpu_high`],
  ['server_memory_high', sql`${IS_SERVER} and d.server_memory_high`],
  ['server_login_failed', sql`${IS_SERVER} and d.server_login_failed`],
  ['server_network_high', sql`${IS_SERVER} and d.network_high`],
  ['server_network_session_high', sql`${IS_SERVER} and d.network_session_high`],
  ['speaker_count', IS_SPEAKER],
  ['speaker_offline', sql`${IS_SPEAKER} and d.offline`],
] as const satisfies readonly Counted[];

/** The select list of every device aggregate: one pass over `devices d`, one filtered count per number. */
export const deviceCountColumns = sql.join(
  COUNTED.map(([column, where]) =>
    where ? sql`count(*) filter (where ${where}) as ${sql.id(column)}` : sql`count(*) as ${sql.id(column)}`,
  ),
);

/** The name of every device number: a column of `deviceCountColumns` and of device_summary (migration 0005). */
export const DEVICE_COUNT_NAMES = COUNTED.map(([column]) => column);
type DeviceCountName = (typeof COUNTED)[number][0];

/** The device numbers as the summaries hold them (integer columns of device_summary, int sums over them). */
export const DEVICE_COUNT_COLUMNS = Object.fromEntries(
  DEVICE_COUNT_NAMES.map((name) => [name, col.int4()]),
) as Record<DeviceCountName, Column<number>>;

export type DeviceCountRow = RowOf<typeof DEVICE_COUNT_COLUMNS>;

export const EMPTY_DEVICE_COUNTS: DeviceCountRow = {
  total: 0,
  camera_count: 0,
  camera_abnormal: 0,
  camera_offline: 0,
  camera_recording: 0,
  camera_record_failed: 0,
  camera_firmware_failed: 0,
  server_count: 0,
  server_abnormal: 0,
  server_offline: 0,
  server_smart_error: 0,
  server_disk_failed: 0,
  server_cpu_high: 0,
  server_memory_high: 0,
  server_login_failed: 0,
  server_network_high: 0,
  server_network_session_high: 0,
  speaker_count: 0,
  speaker_offline: 0,
};

export function cameraStatistics(row: DeviceCountRow): z.infer<typeof cameraStatisticsSchema> {
  return {
    count: row.camera_count,
    abnormalCount: row.camera_abnormal,
    statusCount: {
      offline: row.camera_offline,
      recording: row.camera_recording,
      recordFailed: row.camera_record_failed,
      firmwareUpdatedFailed: row.camera_firmware_failed,
    },
  };
}

export function serverStatistics(row: DeviceCountRow): z.infer<typeof serverStatisticsSchema> {
  return {
    count: row.server_count,
    abnormalCount: row.server_abnormal,
    offlineCount: row.server_offline,
    statusCount: {
      offline: row.server_offline,
      smartError: row.server_smart_error,
      diskFailed: row.server_disk_failed,
      serverCPUHigh: row.server_cpu_high,
      serverMemoryHigh: row.server_memory_high,
      serverLoginFailed: row.server_login_failed,
      networkHigh: row.server_network_high,
      networkSessionHigh: row.server_network_session_high,
    },
  };
}

export const speakerStatistics = (row: DeviceCountRow): z.infer<typeof speakerStatisticsSchema> => ({
  count: row.speaker_count,
  offlineCount: row.speaker_offline,
});
