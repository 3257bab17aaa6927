import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import type { Database } from '../infrastructure/db/database.ts';
import { databaseVersion } from './engine-versions.ts';
import { currentMigration } from './migration-level.ts';

/**
 * PGlite is one process's: while the portal runs, no other process may open its DATA_DIR. So the running
 * portal answers backup requests itself, on a Unix socket (never a TCP port): only the account the portal
 * runs as can connect (the socket is 0600), and `npm run backup` asks it for a dump. The socket lies
 * beside DATA_DIR, not in it (PGlite's dump reads every entry of the folder and fails on a socket), or in
 * the temporary folder when DATA_DIR's parent is not writable or the path is too long for a socket.
 */
/** sockaddr_un holds about 107 bytes. */
const MAX_SOCKET_PATH = 100;

/** Where the socket of the portal running on `dataDir` may be, in the order the server tries them. */
export function backupSocketPaths(dataDir: string): string[] {
  const resolved = path.resolve(dataDir);
  const beside = path.join(path.dirname(resolved), `.${path.basename(resolved)}.backup.sock`);
  const hash = createHash('sha256').update(resolved).digest('hex').slice(0, 16);
  const temporary = path.join(tmpdir(), `partner-portal-${hash}.sock`);
  return [beside, temporary].filter((candidate) => Buffer.byteLength(candidate) <= MAX_SOCKET_PATH);
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
        await pipeline(Readable.fromWeb(blob.stream() as ReadableStream<Uint8Array>), response);
      } catch (error) {
        log.error({ err: error }, 'backup over the socket failed');
        // Once the dump is streaming, a cut connection is what the client sees (its length check fails).
        if (!response.headersSent) {
          response.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error).message));
        } else response.destroy();
      }
    })();
  });
  let socketPath: string | undefined;
  let lastError: unknown;
  for (const candidate of backupSocketPaths(dataDir)) {
    try {
      // A socket left by a process that was killed.
      await rm(candidate, { force: true });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(candidate, () => {
          server.off('error', reject);
          resolve();
        });
      });
      socketPath = candidate;
      break;
    } catch (error) {
      lastError = error;
    }
  }
  // Refusing to start is safer than running without it: `npm run backup` would take the folder for a
  // stopped portal's and open it beside the running one.
  if (!socketPath) {
    throw new Error(
      `Cannot create the backup socket (tried ${backupSocketPaths(dataDir).join(', ')}): ${(lastError as Error)?.message}. Make DATA_DIR's parent or TMPDIR writable.`,
    );
  }
  await chmod(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socketPath, { force: true });
  };
}

/** The first socket of `dataDir` a portal answers on (a stale one refuses the connection). */
async function answeringSocket(dataDir: string): Promise<string | undefined> {
  for (const candidate of backupSocketPaths(dataDir)) {
    const answers = await new Promise<boolean>((resolve) => {
      const request = http.get({ socketPath: candidate, path: '/' }, (response) => {
        response.resume();
        resolve(true);
      });
      request.on('error', () => resolve(false));
    });
    if (answers) return candidate;
  }
  return undefined;
}

/**
 * Asks the portal running on `dataDir` for a dump into `to`. Resolves to undefined when no portal answers
 * (no socket, or a stale one), so the caller may open the folder itself.
 */
export async function dumpThroughSocket(dataDir: string, to: string): Promise<SocketDumpInfo | undefined> {
  const socketPath = await answeringSocket(dataDir);
  if (!socketPath) return undefined;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get({ socketPath, path: '/backup' }, resolve).on('error', reject);
  });
  if (response.statusCode !== 200) {
    let text = '';
    for await (const chunk of response) text += chunk;
    throw new Error(`The running portal could not make the backup: ${text || response.statusCode}`);
  }
  await pipeline(response, createWriteStream(to, { mode: 0o600 }));
  const expected = Number(response.headers['content-length']);
  const received = (await stat(to)).size;
  if (received !== expected) {
    throw new Error(`The running portal's dump was cut short: ${received} of ${expected} bytes.`);
  }
  return {
    migration: String(response.headers['x-migration'] ?? ''),
    engineVersion: String(response.headers['x-engine-version'] ?? 'PGlite'),
  };
}

/** Whether a portal answers on a backup socket of `dataDir` (restore refuses to replace a folder in use). */
export async function portalRunsOn(dataDir: string): Promise<boolean> {
  return (await answeringSocket(dataDir)) !== undefined;
}
