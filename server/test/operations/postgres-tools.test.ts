import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPostgresTool, libpqEnvironment } from '../../src/operations/postgres-tools.ts';

const work = mkdtempSync(path.join(tmpdir(), 'portal-pg-tools-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A stand-in pg_dump that reports `major` as its version. */
function fakeTool(directory: string, major: number): void {
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, 'pg_dump');
  writeFileSync(file, `#!/bin/sh\necho "pg_dump (PostgreSQL) ${major}.3 (Debian)"\n`);
  chmodSync(file, 0o755);
}

describe('finding pg_dump for the server', () => {
  it('takes the first on PATH that is at least the server version, then Debian folders newest first', async () => {
    fakeTool(path.join(work, 'old'), 13);
    fakeTool(path.join(work, 'debian', '16', 'bin'), 16);
    fakeTool(path.join(work, 'debian', '17', 'bin'), 17);
    const search = { path: path.join(work, 'old'), debianRoot: path.join(work, 'debian') };
    expect(await findPostgresTool('pg_dump', 13, search)).toBe(path.join(work, 'old', 'pg_dump'));
    expect(await findPostgresTool('pg_dump', 15, search)).toBe(
      path.join(work, 'debian', '17', 'bin', 'pg_dump'),
    );
  });

  it('says which versions it found when all are older than the server', async () => {
    const search = { path: path.join(work, 'old'), debianRoot: path.join(work, 'none') };
    await expect(findPostgresTool('pg_dump', 15, search)).rejects.toThrow(
      `pg_dump must be version 15 or newer for this server; found ${path.join(work, 'old', 'pg_dump')} (13)`,
    );
  });

  it('says how to install it when there is none', async () => {
    const search = { path: path.join(work, 'empty'), debianRoot: path.join(work, 'none') };
    await expect(findPostgresTool('pg_dump', 15, search)).rejects.toThrow(
      'pg_dump was not found on PATH or in /usr/lib/postgresql/*/bin; install the PostgreSQL 15 client tools (Debian: postgresql-client-15).',
    );
  });
});

describe('the database URL for the PostgreSQL tools', () => {
  it('becomes libpq variables, so the password never shows on a command line', () => {
    expect(libpqEnvironment('postgres://portal:s%40cret@db.example:6543/portal?sslmode=require')).toEqual({
      PGHOST: 'db.example',
      PGPORT: '6543',
      PGDATABASE: 'portal',
      PGUSER: 'portal',
      PGPASSWORD: 's@cret',
      PGSSLMODE: 'require',
    });
  });
});
