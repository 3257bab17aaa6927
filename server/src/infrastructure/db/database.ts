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

/** What the job queue (pg-boss) connects with: its own pool on PostgreSQL, our one connection on PGlite. */
export type JobQueueConnection =
  | { kind: 'postgres'; connectionString: string }
  | {
      kind: 'pglite';
      executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
    };

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  jobQueue: JobQueueConnection;
  /** LISTENs on a channel; every NOTIFY payload goes to `onPayload`. Resolves to a function that stops. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Throws unless the database answers. */
  ping(): Promise<void>;
  /**
   * PGlite only: the data directory as a gzipped tar, taken between two turns of the one connection (no
   * transaction open) after a checkpoint, so it is consistent while the server keeps working (backups).
   */
  dumpDataDir?(): Promise<Blob>;
  /** Connections this process may hold, those checked out now, and the callers waiting for one (metrics). */
  poolStats(): { size: number; inUse: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** dataDir undefined: in memory; `snapshot`: starts from a dumped data directory (`dumpDataDir`). */
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob };

/** The database the configuration names: DATABASE_URL's PostgreSQL, else PGlite in DATA_DIR. */
export function configuredDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  let db: Kysely<DB>;
  let jobQueue: JobQueueConnection;
  let listen: Database['listen'];
  let dumpDataDir: Database['dumpDataDir'];
  let poolStats: Database['poolStats'];
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
    poolStats = () => ({
      size: pool.options.max ?? 10,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    });
    jobQueue = { kind: 'postgres', connectionString: target.url };
    listen = (channel, onPayload) => listenOnPostgres(target.url, channel, onPayload);
  } else {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    // One options object: PGlite ignores the second argument when the first (dataDir) is undefined.
    const pglite = new PGlite({
      ...(target.dataDir ? { dataDir: path.resolve(target.dataDir) } : {}),
      ...(target.snapshot ? { loadDataDir: target.snapshot } : {}),
      parsers: { [INT8]: parseInt8, [DATE]: keepDate },
    });
    const dialect = new PGliteDialect(pglite);
    db = new Kysely<DB>({ dialect });
    poolStats = () => ({ size: 1, ...dialect.turns() });
    const kysely = db;
    // PGlite is one connection: everything goes through the dialect's turn-taking, or a statement of the
    // job queue could land inside one of our transactions.
    jobQueue = {
      kind: 'pglite',
      executeSql: (text, values) =>
        kysely.connection().execute(async () => {
          try {
            if (values?.length) return await pglite.query(text, values);
            const results = await pglite.exec(text);
            return { rows: results.flatMap((result) => result.rows ?? []) };
          } catch (error) {
            // A failed multi-statement block leaves an aborted transaction behind on the one connection.
            await pglite.exec('rollback').catch(() => {});
            throw error;
          }
        }),
    };
    listen = async (channel, onPayload) => {
      const stop = await kysely.connection().execute(() => pglite.listen(channel, onPayload));
      return () => kysely.connection().execute(() => stop());
    };
    dumpDataDir = () =>
      kysely.connection().execute(async () => {
        await pglite.exec('checkpoint');
        return pglite.dumpDataDir('gzip');
      });
  }
  return {
    db,
    kind: target.kind,
    jobQueue,
    listen,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    poolStats,
    close: () => db.destroy(),
    ...(dumpDataDir ? { dumpDataDir } : {}),
  };
}

/**
 * LISTEN on a dedicated connection of its own (a pooled one would be handed to others), reconnecting with
 * a growing pause when the server goes away; notices sent while disconnected are lost, which is fine for
 * what listens (screens refetch on the next one, and poll besides).
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let pause = 500;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      client = next;
      pause = 500;
    } catch {
      reconnect(next);
    }
  };
  const reconnect = (broken: pg.Client) => {
    if (stopped || retry || (client && client !== broken)) return;
    client = undefined;
    broken.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, pause);
    retry.unref();
    pause = Math.min(pause * 2, 10_000);
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
