import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { nameStatementsOf } from './named-statements.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './types.ts';

const INT8 = 20;
const DATE = 1082;

/** Column values read the same way on PGlite and on a PostgreSQL server. */
const parseInt8 = (value: string) => Number(value);
const keepDate = (value: string) => value;

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Throws unless the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** dataDir undefined: in memory. */
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  let db: Kysely<DB>;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.maxConnections ?? 10,
      // An unreachable server (or a pool exhausted that long) fails the request after 10 s, as a 503
      // (http/database-unavailable.ts), instead of hanging until the TCP timeout.
      connectionTimeoutMillis: 10_000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8) return parseInt8;
          if (oid === DATE) return keepDate;
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    // A dropped connection (e.g. the server restarting) must not crash the process; the pool reconnects.
    pool.on('error', () => {});
    // The pool listens for errors only on idle clients: a connection lost while checked out (a query or a
    // transaction in progress) would emit an unhandled 'error' and take the process down. The query itself
    // still fails, and the pool drops the broken client on release.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      nameStatementsOf(client);
    });
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  } else {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    // One options object: PGlite ignores the second argument when the first (dataDir) is undefined.
    const pglite = new PGlite({
      ...(target.dataDir ? { dataDir: path.resolve(target.dataDir) } : {}),
      parsers: { [INT8]: parseInt8, [DATE]: keepDate },
    });
    db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  }
  return {
    db,
    kind: target.kind,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
