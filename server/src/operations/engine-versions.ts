import { type Kysely, sql } from 'kysely';
import pg from 'pg';

export interface ServerVersion {
  /** e.g. 15 */
  major: number;
  /** e.g. `15.18 (Debian 15.18-0+deb12u1)` */
  text: string;
}

function versionOf(text: string, number: string): ServerVersion {
  return { major: Math.floor(Number(number) / 10_000), text };
}

/** The version of the PostgreSQL server at `url`. */
export async function postgresServerVersion(url: string): Promise<ServerVersion> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string; server_version_num: string }>(
      `select current_setting('server_version') as server_version, current_setting('server_version_num') as server_version_num`,
    );
    return versionOf(rows[0]!.server_version, rows[0]!.server_version_num);
  } finally {
    await client.end();
  }
}

/** The version of the PostgreSQL behind a Kysely handle (PGlite's is the one it was compiled from). */
export async function databaseVersion<T>(db: Kysely<T>): Promise<ServerVersion> {
  const { rows } = await sql<{ server_version: string; server_version_num: string }>`
    select current_setting('server_version') as server_version, current_setting('server_version_num') as server_version_num`.execute(
    db,
  );
  return versionOf(rows[0]!.server_version, rows[0]!.server_version_num);
}
