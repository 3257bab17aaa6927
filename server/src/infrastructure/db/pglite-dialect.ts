import type { PGlite } from '@electric-sql/pglite';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import { tracingEnabled } from '../config/tracing-switch.ts';

/**
 * PGlite has no pg driver for the pg instrumentation to patch: with tracing on (issue 26), each statement of
 * a request or job gets a client span here, named and described as the pg instrumentation names its own.
 */
const tracer = tracingEnabled() ? trace.getTracer('partner-portal-pglite') : undefined;

/**
 * Kysely dialect for embedded PGlite (ours because the published dialects do not support PGlite 0.5).
 * PGlite is a single connection, so the driver hands it out to one user at a time: a transaction
 * holds it until commit or rollback, and other queries wait their turn.
 */
export class PGliteDialect implements Dialect {
  private driver: PGliteDriver | undefined;
  constructor(private readonly pglite: PGlite) {}
  /** Whether the one connection is held now, and how many wait for their turn (metrics). */
  turns(): { inUse: number; waiting: number } {
    return this.driver?.turns() ?? { inUse: 0, waiting: 0 };
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    this.driver = new PGliteDriver(this.pglite);
    return this.driver;
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;
  /** Callers that asked for the connection and have not released it (the holder and those waiting). */
  private callers = 0;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  turns(): { inUse: number; waiting: number } {
    return { inUse: this.callers > 0 ? 1 : 0, waiting: Math.max(0, this.callers - 1) };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.callers += 1;
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.callers -= 1;
    (connection as PGliteConnection).release();
  }
  async destroy(): Promise<void> {
    await this.queue;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Only inside a request's or a job's trace, as the pg instrumentation's requireParentSpan.
    if (!tracer || !trace.getActiveSpan()) return this.run(compiledQuery);
    const verb = /^\s*(\w+)/.exec(compiledQuery.sql)?.[1]?.toUpperCase() ?? 'QUERY';
    const span = tracer.startSpan(`pg.query:${verb}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.system': 'postgresql',
        'db.operation.name': verb,
        'db.query.text': compiledQuery.sql,
        'db.namespace': 'pglite',
      },
    });
    try {
      return await this.run(compiledQuery);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  }

  private async run<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported by this driver
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming');
  }
}
