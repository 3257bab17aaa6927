import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Check, DoctorOptions } from './check.ts';

export async function diskCheck(dataDir: string, options: DoctorOptions): Promise<Check> {
  const minimum = options.minFreeBytes ?? 512 * 1024 ** 2;
  const low = options.lowFreeBytes ?? 2 * 1024 ** 3;
  // DATA_DIR may not exist yet: its nearest existing parent is on the same file system.
  let folder = dataDir;
  while (!existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  const stats = await statfs(folder);
  const free = stats.bavail * stats.bsize;
  const detail = `${formatBytes(free)} free of ${formatBytes(stats.blocks * stats.bsize)} for ${dataDir}`;
  if (free < minimum)
    return { name: 'disk space', status: 'fail', detail: `${detail} (needs ${formatBytes(minimum)})` };
  if (free < low) return { name: 'disk space', status: 'warn', detail: `${detail} (low)` };
  return { name: 'disk space', status: 'ok', detail };
}

function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}
