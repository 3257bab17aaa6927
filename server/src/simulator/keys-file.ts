import { readFile } from 'node:fs/promises';
import { INGEST_PLATFORMS, type IngestPlatform } from '@portal/contracts/ingest';

/** The file demo mode writes: `DATA_DIR/demo-ingest-keys.json`. */
export const DEMO_KEYS_FILE_NAME = 'demo-ingest-keys.json';

export interface PlatformKey {
  platform: IngestPlatform;
  key: string;
}

/** Reads `[{ platform, key }]`; a platform without a key is left out (its devices are not driven). */
export async function readKeysFile(file: string): Promise<PlatformKey[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `cannot read ingest keys from ${file} (${(error as Error).message}); start the portal in demo mode first, or pass --keys`,
    );
  }
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected [{ "platform": "VORTEX", "key": "…" }, …]`);
  const keys = parsed.filter(
    (entry): entry is PlatformKey =>
      typeof entry === 'object' &&
      entry !== null &&
      INGEST_PLATFORMS.includes((entry as PlatformKey).platform) &&
      typeof (entry as PlatformKey).key === 'string',
  );
  if (keys.length === 0)
    throw new Error(`${file}: no key of a known platform (${INGEST_PLATFORMS.join(', ')})`);
  return keys;
}
