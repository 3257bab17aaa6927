/** The data bench/frontend.ts measures on: the small demo set plus one 5,000-device customer of Northwind. */

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { addCustomers, loadConfig, migrateToLatest, openDatabase, prepareDemo } from '@portal/server/testkit';
import type { FastifyBaseLogger } from 'fastify';
import { type PortalProcess, startPortal } from './portal-process.ts';

export const BIG_CUSTOMER_DEVICES = 5_000;
/** The server's replay margin (10 s) and a page's first seconds. */
const LISTENED_BEFORE_PAGES_MS = 15_000;

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/**
 * Seeds a PGlite data directory (before any server opens it): the small demo data and one customer with
 * 5,000 devices for the dealer `dealerEmail`. Returns that customer's id.
 */
export async function seedFrontendData(dataDir: string, dealerEmail: string): Promise<string> {
  const config = loadConfig({ MODE: 'demo', DEMO_SIZE: 'small', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateToLatest(database.db);
    await prepareDemo({ config, db: database.db, log: quiet });
    const dealer = await database.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', dealerEmail)
      .executeTakeFirstOrThrow();
    const [orgId] = await addCustomers(database, dealer.company_id, {
      count: 1,
      devices: BIG_CUSTOMER_DEVICES,
      seed: BIG_CUSTOMER_DEVICES,
    });
    return orgId!;
  } finally {
    await database.close();
  }
}

export interface FrontendPortals {
  /** The data directory of this checkout's portal (its demo-accounts.json). */
  dataDir: string;
  /** The 5,000-device customer. */
  bigOrgId: string;
  portal: PortalProcess;
  /** The same data served by another checkout on the next port (`--baseline`). */
  baseline: PortalProcess | undefined;
  /** Stops both and removes their data. */
  stop(): Promise<void>;
}

/**
 * Seeds the front-end data for `dealerEmail` and serves it on `port` as `npm start` does; with `baselineRoot`,
 * a copy of the same data from that checkout on `port + 1`, so that both builds are measured on equal data.
 */
export async function startFrontendPortals(
  name: string,
  port: number,
  dealerEmail: string,
  baselineRoot?: string,
  /** Extra environment of the server on a port (bench/frontend.ts --tls: the TLS front's address). */
  envFor: (port: number) => Record<string, string> | undefined = () => undefined,
): Promise<FrontendPortals> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  const baselineDataDir = `${dataDir}-baseline`;
  const bigOrgId = await seedFrontendData(dataDir, dealerEmail);
  if (baselineRoot) cpSync(dataDir, baselineDataDir, { recursive: true });
  const portal = await startPortal({ port, database: { kind: 'pglite', dataDir }, env: envFor(port) });
  const baseline = baselineRoot
    ? await startPortal({
        port: port + 1,
        database: { kind: 'pglite', dataDir: baselineDataDir },
        root: path.resolve(baselineRoot),
        env: envFor(port + 1),
      })
    : undefined;
  // A page's live stream asks what changed since the page started, plus a margin; a server that has not
  // listened that long answers "everything", and the page reads all its data twice (decision 0036). A page
  // measured in a server's first seconds would measure that, which a running server does not do.
  await setTimeout(LISTENED_BEFORE_PAGES_MS);
  return {
    dataDir,
    bigOrgId,
    portal,
    baseline,
    async stop() {
      await portal.stop();
      await baseline?.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(baselineDataDir, { recursive: true, force: true });
    },
  };
}
