import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/**
 * A backup file: one line naming the format, one line of JSON describing what follows, then the payload
 * (PGlite's gzipped data-directory tar, or pg_dump's custom format). The header carries the payload's
 * length and SHA-256, so a truncated, altered or foreign file is refused before anything is touched.
 */
export const BACKUP_MAGIC = 'PARTNER-PORTAL-BACKUP';
export const BACKUP_FORMAT = 1;
/** The header line is small; a file whose first bytes hold no newline this far in is not ours. */
const MAX_HEADER_BYTES = 64 * 1024;

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  engine: z.enum(['pglite', 'postgres']),
  /** pglite: `pglite-datadir-tar-gzip`; postgres: `pg_dump-custom`. */
  payload: z.enum(['pglite-datadir-tar-gzip', 'pg_dump-custom']),
  /** The last migration applied to the database when it was backed up. */
  migration: z.string(),
  createdAt: z.string(),
  portalVersion: z.string(),
  /** PostgreSQL: the server's version; PGlite: its package version. */
  engineVersion: z.string(),
  payloadBytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export class BackupFileError extends Error {}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Writes `payloadFile` with its header to `out`, through a temporary file renamed into place: a backup
 * cut short (full disk, Ctrl-C) never leaves a file that looks finished. Readable by the owner only, as the
 * payload holds the pool's signing keys and password hashes.
 */
export async function writeBackupFile(
  out: string,
  header: Omit<BackupHeader, 'format' | 'payloadBytes' | 'sha256'>,
  payloadFile: string,
): Promise<BackupHeader> {
  const full: BackupHeader = {
    format: BACKUP_FORMAT,
    ...header,
    payloadBytes: (await stat(payloadFile)).size,
    sha256: await sha256Of(payloadFile),
  };
  const partial = `${out}.partial`;
  const output = createWriteStream(partial, { mode: 0o600 });
  try {
    output.write(`${BACKUP_MAGIC}\n${JSON.stringify(full)}\n`);
    await pipeline(createReadStream(payloadFile), output);
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return full;
}

/** Reads and checks a backup file's header, length and checksum; throws a BackupFileError saying what is wrong. */
export async function readBackupFile(file: string): Promise<{ header: BackupHeader; payloadOffset: number }> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new BackupFileError(
      `Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`,
    );
  });
  let head: string;
  let size: number;
  try {
    size = (await handle.stat()).size;
    const buffer = Buffer.alloc(Math.min(MAX_HEADER_BYTES, size));
    await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.toString('latin1');
  } finally {
    await handle.close();
  }
  const firstLine = head.indexOf('\n');
  if (firstLine < 0 || head.slice(0, firstLine) !== BACKUP_MAGIC) {
    throw new BackupFileError(
      `${file} is not a Partner Portal backup (it does not start with ${BACKUP_MAGIC}).`,
    );
  }
  const secondLine = head.indexOf('\n', firstLine + 1);
  if (secondLine < 0) throw new BackupFileError(`${file} is truncated: its header is incomplete.`);
  let header: BackupHeader;
  try {
    const parsed = backupHeaderSchema.safeParse(
      JSON.parse(Buffer.from(head.slice(firstLine + 1, secondLine), 'latin1').toString('utf8')),
    );
    if (!parsed.success) {
      throw new BackupFileError(
        `${file} has a header this version cannot read (backup format ${BACKUP_FORMAT} expected).`,
      );
    }
    header = parsed.data;
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} has a damaged header.`);
  }
  const payloadOffset = secondLine + 1;
  const payloadBytes = size - payloadOffset;
  if (payloadBytes < header.payloadBytes) {
    throw new BackupFileError(
      `${file} is truncated: ${payloadBytes} of ${header.payloadBytes} bytes of data are there.`,
    );
  }
  if (payloadBytes > header.payloadBytes) {
    throw new BackupFileError(
      `${file} has ${payloadBytes - header.payloadBytes} bytes more than its header says.`,
    );
  }
  const hash = createHash('sha256');
  await pipeline(createReadStream(file, { start: payloadOffset }), hash);
  if (hash.digest('hex') !== header.sha256) {
    throw new BackupFileError(`${file} is damaged: its checksum does not match its contents.`);
  }
  return { header, payloadOffset };
}

/** Copies a checked backup's payload out to its own file (pg_restore and PGlite read whole files). */
export async function extractPayload(file: string, payloadOffset: number, to: string): Promise<void> {
  await pipeline(createReadStream(file, { start: payloadOffset }), createWriteStream(to, { mode: 0o600 }));
}
