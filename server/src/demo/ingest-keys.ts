import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { INGEST_PLATFORMS, type IngestPlatform } from '@portal/contracts/ingest';
import type { Kysely } from 'kysely';
import { createIngestKey, findIngestKey } from '../domain/ingest/ingest-keys.ts';
import type { DB } from '../infrastructure/db/types.ts';

export interface DemoIngestKey {
  platform: IngestPlatform;
  key: string;
}

export const DEMO_INGEST_KEYS_FILE = 'demo-ingest-keys.json';

/**
 * Demo mode: one ingest key per platform, created on first start and written to
 * DATA_DIR/demo-ingest-keys.json (only hashes are in the database, so the file is where they live). A key
 * in the file that no longer works (revoked, another database) is replaced.
 */
export async function ensureDemoIngestKeys(db: Kysely<DB>, dataDir: string): Promise<string> {
  const file = path.join(dataDir, DEMO_INGEST_KEYS_FILE);
  let keys: DemoIngestKey[] = [];
  try {
    keys = JSON.parse(await readFile(file, 'utf8')) as DemoIngestKey[];
  } catch {
    keys = [];
  }
  const live: DemoIngestKey[] = [];
  for (const platform of INGEST_PLATFORMS) {
    const kept = keys.find((entry) => entry.platform === platform);
    const found = kept ? await findIngestKey(db, kept.key) : undefined;
    if (kept && found?.platform === platform) live.push(kept);
    else live.push({ platform, key: (await createIngestKey(db, platform, `demo ${platform}`)).key });
  }
  await writeFile(file, `${JSON.stringify(live, null, 2)}\n`, { mode: 0o600 });
  return file;
}
