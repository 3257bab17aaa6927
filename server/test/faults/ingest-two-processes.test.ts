import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/infrastructure/db/database.ts';
import { migrateToLatest } from '../../src/infrastructure/db/migrate.ts';
import { createPostgresDatabase } from '../helpers/test-database.ts';
import {
  type Batch,
  buildIngestFleet,
  engineSettled,
  expectDevicesMatch,
  expectIncidentsMatch,
  generateBatches,
  type IngestFleet,
  postBatch,
} from './ingest-stream.ts';
import { type ServerProcess, startServer } from './server-process.ts';

/**
 * Issue 14 item 14: two server processes on one PostgreSQL ingest for the same devices at once. Four
 * clients (two per platform key, their batches over the same devices) each send every batch to both
 * processes at the same moment. Each batch is applied once, by one of them (its reports accepted there,
 * duplicates at the other), no answer is a 5xx (no deadlock victim), and in the end the devices say what
 * their last reports said with exactly one open incident per condition that holds: as with one process.
 * PostgreSQL only (server:postgres); PGlite is one process's.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const BATCH_SIZE = 25;
const BATCHES = 240;

let database: Database;
let cleanup: () => Promise<void> = async () => {};
let fleet: IngestFleet;
let url = '';

beforeAll(async () => {
  if (!onPostgres) return;
  const created = await createPostgresDatabase('portal_ingest_two');
  url = created.url;
  database = await openDatabase({ kind: 'postgres', url, maxConnections: 2 });
  cleanup = async () => {
    await database.close();
    await created.drop();
  };
  await migrateToLatest(database.db);
  fleet = await buildIngestFleet(database);
}, 120_000);

afterAll(async () => {
  await cleanup();
});

describe.skipIf(!onPostgres)('two server processes ingesting for the same devices (PostgreSQL)', () => {
  it('apply each batch once, answer no 5xx, open no incident twice', { timeout: 300_000 }, async () => {
    const env = { DATABASE_URL: url, JOBS: 'true', INCIDENT_DEBOUNCE_SECONDS: '2' };
    const servers: ServerProcess[] = [await startServer(env), await startServer(env)];
    try {
      const batches = generateBatches(fleet, {
        seed: 15,
        count: BATCHES,
        size: BATCH_SIZE,
        start: Date.now() - 10 * 60_000,
        prefix: `two-${randomBytes(3).toString('hex')}`,
      });
      // Two clients per platform, each with every other batch of it: concurrent batches share devices.
      const clients: Batch[][] = [[], [], [], []];
      for (const [i, batch] of batches.entries())
        clients[(batch.platform === 'VORTEX' ? 0 : 2) + (Math.floor(i / 2) % 2)]?.push(batch);
      const failures: string[] = [];
      const split: number[] = [];
      await Promise.all(
        clients.map(async (list) => {
          for (const batch of list) {
            const answers = await Promise.all(servers.map((server) => postBatch(server.url, fleet, batch)));
            for (const answer of answers)
              if (answer.status !== 202) failures.push(`${answer.status} ${answer.text}`);
            if (answers.some((answer) => !answer.result)) continue;
            const accepted = answers.map((answer) => answer.result?.accepted ?? 0);
            const duplicates = answers.map((answer) => answer.result?.duplicates ?? 0);
            expect(accepted[0]! + accepted[1]!).toBe(BATCH_SIZE);
            expect(duplicates[0]! + duplicates[1]!).toBe(BATCH_SIZE);
            split.push(accepted[0]!);
          }
        }),
      );
      expect(failures).toEqual([]);
      // Both processes did apply batches.
      expect(split.some((n) => n > 0)).toBe(true);
      expect(split.some((n) => n < BATCH_SIZE)).toBe(true);

      await engineSettled(database);
      await expectDevicesMatch(database, batches);
      await expectIncidentsMatch(database, fleet);
      const receipts = await sql<{ n: number }>`select count(*)::int as n from ingest_receipts`.execute(
        database.db,
      );
      expect(receipts.rows[0]?.n).toBe(BATCHES * BATCH_SIZE);
      const events = await sql<{ n: number }>`
        select count(*)::int as n from (
          select incident_id, at, kind from incident_events group by 1, 2, 3 having count(*) > 1) twice`.execute(
        database.db,
      );
      expect(events.rows[0]?.n, 'an incident event recorded twice').toBe(0);
    } finally {
      for (const server of servers) await server.stop();
    }
  });
});
