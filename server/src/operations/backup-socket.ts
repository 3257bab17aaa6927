import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/database.ts';
import { databaseVersion } from './engine-versions.ts';
import { currentMigration } from './migration-level.ts';

/**
 * PGlite is one process's: while the portal runs, no other process may open its DATA_DIR. So the running
 * portal answers backup requests itself, on a Unix socket beside its data (never on a TCP port): only the
 * account the portal runs as can connect (the socket is 0600), and `npm run backup` asks it for a dump.
 */
export const BACKUP_SOCKET_NAME = 'backup.sock';
/** sockaddr_un holds about 107 bytes; a longer DATA_DIR gets a socket in the temporary folder instead. */
const MAX_SOCKET_PATH = 100;

/** The socket of the portal running on `dataDir` (the same for the server and for the CLI). */
export function backupSocketPath(dataDir: string): string {
  const inside = path.join(path.resolve(dataDir), BACKUP_SOCKET_NAME);
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `partner-portal-${hash}.sock`);
}

/** What the running portal tells the CLI about the dump it streams. */
export interface SocketDumpInfo {
  migration: string;
  engineVersion: string;
}

/** Serves `GET /backup` (a gzipped tar of the data directory) on the socket of `dataDir`. Resolves to a closer. */
export async function serveBackupSocket(
  database: Database,
  dataDir: string,
  log: { error(object: object, message: string): void },
): Promise<() => Promise<void>> {
  const dump = database.dumpDataDir;
  if (!dump) throw new Error('backups over the socket are for PGlite');
  const socketPath = backupSocketPath(dataDir);
  // A socket left by a process that was killed; one that still answers means a second portal on this
  // DATA_DIR, which PGlite cannot survive — but that is refused long before, when PGlite opens the folder.
  await rm(socketPath, { recursive: true, force: true });
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    void (async () => {
      try {
        const migration = await currentMigration(database.db);
        const version = await databaseVersion(database.db);
        const blob = await dump();
        response.writeHead(200, {
          'content-type': 'application/gzip',
          'content-length': String(blob.size),
          'x-migration': migration,
          'x-engine-version': `PGlite, PostgreSQL ${version.text}`,
        });
        response.end(Buffer.from(await blob.arrayBuffer()));
      } catch (error) {
        log.error({ err: error }, 'backup over the socket failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end((error as Error).message);
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socketPath, { force: true });
  };
}

/**
 * Asks the portal running on `dataDir` for a dump into `to`. Resolves to undefined when no portal answers
 * (no socket, or a stale one), so the caller may open the folder itself.
 */
export async function dumpThroughSocket(dataDir: string, to: string): Promise<SocketDumpInfo | undefined> {
  const socketPath = backupSocketPath(dataDir);
  const response = await new Promise<http.IncomingMessage | undefined>((resolve, reject) => {
    const request = http.get({ socketPath, path: '/backup' }, resolve);
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
  if (!response) return undefined;
  if (response.statusCode !== 200) {
    let text = '';
    for await (const chunk of response) text += chunk;
    throw new Error(`The running portal could not make the backup: ${text || response.statusCode}`);
  }
  await pipeline(response, createWriteStream(to, { mode: 0o600 }));
  return {
    migration: String(response.headers['x-migration'] ?? ''),
    engineVersion: String(response.headers['x-engine-version'] ?? 'PGlite'),
  };
}

/** Whether a portal answers on the socket of `dataDir` (restore refuses to replace a folder in use). */
export async function portalRunsOn(dataDir: string): Promise<boolean> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise<boolean>((resolve) => {
    const request = http.get({ socketPath, path: '/' }, (response) => {
      response.resume();
      resolve(true);
    });
    request.on('error', () => resolve(false));
  });
}
