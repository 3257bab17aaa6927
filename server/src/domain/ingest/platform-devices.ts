import type { IngestDevice, IngestDevicePage, IngestDeviceQuery } from '@portal/contracts/ingest';
import type { Kysely } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { DEVICE_PLATFORM_OF, type IngestKey } from './ingest-keys.ts';

/**
 * The devices a key reports for (its platform's), in id order from the cursor (the last id of the page
 * before): id, type, the server they hang behind and their state now.
 */
export async function listPlatformDevices(
  db: Kysely<DB>,
  key: IngestKey,
  query: IngestDeviceQuery,
): Promise<IngestDevicePage> {
  let select = db
    .selectFrom('devices')
    .select([
      'id',
      'device_type',
      'device_category',
      'parent_device_id',
      'service_id',
      'offline',
      'recording',
      'is_recording',
    ])
    .where('platform', '=', DEVICE_PLATFORM_OF[key.platform])
    .orderBy('id')
    .limit(query.limit + 1);
  if (query.cursor) select = select.where('id', '>', query.cursor);
  const rows = await select.execute();
  const items: IngestDevice[] = rows.slice(0, query.limit).map((row) => ({
    id: row.id,
    type: row.device_type as IngestDevice['type'],
    category: row.device_category as IngestDevice['category'],
    serverId: row.parent_device_id ?? (row.service_id !== row.id ? row.service_id : null),
    connected: !row.offline,
    recording: Boolean(row.recording ?? row.is_recording),
  }));
  return { items, next_cursor: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
}
