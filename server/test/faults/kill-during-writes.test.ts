import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseTarget, openDatabase } from '../../src/infrastructure/db/database.ts';
import { migrateToLatest } from '../../src/infrastructure/db/migrate.ts';
import { buildCompany, buildMember, TEST_PASSWORD } from '../helpers/factories.ts';
import { buildCustomer } from '../helpers/platform-factories.ts';
import { createPostgresDatabase } from '../helpers/test-database.ts';
import { freePort, type ServerProcess, startServer } from './server-process.ts';

/**
 * Fault 1: `kill -9` of the server in the middle of writes, repeated. Several companies write at once
 * (member creation and deletion, owner transfers, customer metadata and company name edits); at a random
 * moment the process gets SIGKILL. Then the database is opened again (crash recovery on PGlite) and must
 * hold every write that was acknowledged; a write that was in flight may or may not be there; every
 * company has exactly one owner, a member of it. The next round restarts the server on the same data.
 * Runs on PGlite (a DATA_DIR) in the server:pglite project and on PostgreSQL in server:postgres.
 */

/** FAULT_KILL_ROUNDS=20 for a longer run by hand. */
const ROUNDS = Number(process.env.FAULT_KILL_ROUNDS ?? 3);
const COMPANIES = 3;
const onPostgres = process.env.TEST_DB === 'postgres';

interface KnownUser {
  id: string;
  email: string;
  session: string;
}

/** What the test knows of one company: acknowledged state, and at most one write in flight at the kill. */
interface CompanyModel {
  id: string;
  orgId: string;
  known: KnownUser[];
  owner: string;
  members: Set<string>;
  deleted: Set<string>;
  /** Killed between the two steps of a deletion: the account is gone, the member row not yet. */
  halfDeleted: Set<string>;
  reference: string;
  name: string;
  pending?:
    | { kind: 'create'; email: string }
    | { kind: 'delete'; userId: string }
    | { kind: 'owner'; userId: string }
    | { kind: 'reference'; value: string }
    | { kind: 'name'; value: string };
}

let target: DatabaseTarget;
let cleanup: () => Promise<void> = async () => {};
const models: CompanyModel[] = [];
const figures = { acknowledged: 0, inFlight: 0, rounds: 0, halfDeleted: 0 };

async function withDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(target);
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  if (onPostgres) {
    const created = await createPostgresDatabase('portal_kill');
    target = { kind: 'postgres', url: created.url, maxConnections: 2 };
    cleanup = created.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-kill-'));
    target = { kind: 'pglite', dataDir: path.join(dir, 'data') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  await withDatabase(async ({ db }) => {
    await migrateToLatest(db);
    for (let i = 0; i < COMPANIES; i++) {
      const company = await buildCompany(db, { name: `Kill ${i}` });
      const others = [await buildMember(db, company), await buildMember(db, company)];
      const customer = await buildCustomer(db, company, { reference: 'R-0' });
      models.push({
        id: company.id,
        orgId: customer.id,
        known: [company.owner, ...others].map((u) => ({ id: u.id, email: u.email, session: '' })),
        owner: company.owner.id,
        members: new Set(),
        deleted: new Set(),
        halfDeleted: new Set(),
        reference: 'R-0',
        name: company.name,
      });
    }
  });
}, 120_000);

afterAll(async () => {
  await cleanup();
});

/** One port for every start: PUBLIC_URL is the token issuer, and sessions must outlive the restarts. */
let port = '';
const serverEnv = () => ({
  PORT: port,
  ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir ?? '' }),
});

async function call(server: ServerProcess, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`unexpected ${res.status} from ${method} ${url}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function signInKnown(server: ServerProcess, user: KnownUser) {
  const res = await fetch(`${server.url}/api/identity/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'partnerportalwebclient01',
      AuthParameters: { USERNAME: user.email, PASSWORD: TEST_PASSWORD },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { AccessToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  user.session = body.AuthenticationResult.AccessToken;
}

/** One company's writes, one at a time, until the server dies under it. */
async function writeUntilKilled(
  server: ServerProcess,
  model: CompanyModel,
  round: number,
  stop: () => boolean,
) {
  let n = 0;
  while (!stop()) {
    n += 1;
    const owner = model.known.find((u) => u.id === model.owner);
    if (!owner) throw new Error('owner is not a known user');
    const roll = Math.random();
    const removable = [...model.members];
    let op: NonNullable<CompanyModel['pending']>;
    const unfinished = [...model.halfDeleted][0];
    // Deleting again completes a deletion a kill interrupted (members.ts).
    if (unfinished) op = { kind: 'delete', userId: unfinished };
    else if (roll < 0.35)
      op = { kind: 'create', email: `m${round}-${n}-${randomBytes(3).toString('hex')}@kill.test` };
    else if (roll < 0.55 && removable.length > 0)
      op = { kind: 'delete', userId: removable[Math.floor(Math.random() * removable.length)] as string };
    else if (roll < 0.7) {
      const others = model.known.filter((u) => u.id !== model.owner);
      op = { kind: 'owner', userId: (others[n % others.length] as KnownUser).id };
    } else if (roll < 0.88) op = { kind: 'reference', value: `R-${round}-${n}` };
    else op = { kind: 'name', value: `Kill ${model.id.slice(0, 4)} ${round}-${n}` };
    model.pending = op;
    const companyPath = `/api/reseller/v1/companies/${model.id}`;
    try {
      if (op.kind === 'create') {
        const member = await call(server, 'POST', `${companyPath}/users`, owner.session, {
          email: op.email,
          name: `Member${n}`,
        });
        model.members.add(member.userId);
      } else if (op.kind === 'delete') {
        await call(server, 'DELETE', `${companyPath}/users/${op.userId}`, owner.session);
        model.members.delete(op.userId);
        model.halfDeleted.delete(op.userId);
        model.deleted.add(op.userId);
      } else if (op.kind === 'owner') {
        await call(server, 'POST', `${companyPath}/users/${op.userId}/owner`, owner.session);
        model.owner = op.userId;
      } else if (op.kind === 'reference') {
        await call(server, 'PATCH', `/api/default/v1/organizations/${model.orgId}/metadata`, owner.session, {
          reference: op.value,
        });
        model.reference = op.value;
      } else {
        await call(server, 'PATCH', '/api/reseller/v1/companies/info', owner.session, { name: op.value });
        model.name = op.value;
      }
      model.pending = undefined;
      figures.acknowledged += 1;
    } catch (error) {
      // Cut off by the kill: the outcome of this write is unknown. Anything else is a real failure.
      if (!stop()) throw error;
      figures.inFlight += 1;
      return;
    }
  }
}

/** Reads the database after the kill: acknowledged writes present, in-flight ones either way, one owner each. */
async function verifyAndSettle(): Promise<void> {
  await withDatabase(async ({ db }) => {
    const orphanedCompanies = await sql<{ id: string }>`
      select c.id from companies c
      left join users u on u.id = c.owner_user_id and u.company_id = c.id
      where u.id is null`.execute(db);
    expect(orphanedCompanies.rows).toEqual([]);

    for (const model of models) {
      const pending = model.pending;
      const company = await db
        .selectFrom('companies')
        .select(['owner_user_id', 'name'])
        .where('id', '=', model.id)
        .executeTakeFirstOrThrow();
      const owners = [model.owner, ...(pending?.kind === 'owner' ? [pending.userId] : [])];
      expect(owners).toContain(company.owner_user_id);
      model.owner = company.owner_user_id;

      const names = [model.name, ...(pending?.kind === 'name' ? [pending.value] : [])];
      expect(names).toContain(company.name);
      model.name = company.name;

      const org = await db
        .selectFrom('organizations')
        .select('reference')
        .where('id', '=', model.orgId)
        .executeTakeFirstOrThrow();
      const references = [model.reference, ...(pending?.kind === 'reference' ? [pending.value] : [])];
      expect(references).toContain(org.reference);
      model.reference = org.reference ?? '';

      const rows = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('company_id', '=', model.id)
        .execute();
      const present = new Set(rows.map((r) => r.id));
      const pool = new Set(
        (
          await db
            .selectFrom('identity_users')
            .select('sub')
            .where('sub', 'in', [
              ...present,
              ...model.members,
              ...model.deleted,
              ...model.halfDeleted,
              ...(pending?.kind === 'delete' ? [pending.userId] : []),
              '00000000-0000-0000-0000-000000000000',
            ])
            .execute()
        ).map((r) => r.sub),
      );
      for (const known of model.known) expect(present.has(known.id)).toBe(true);
      if (pending?.kind === 'delete') {
        // The account goes first, then the member row: none, the first or both steps may have happened.
        const id = pending.userId;
        if (!present.has(id)) {
          expect(pool.has(id), `deleted member ${id} still has an account`).toBe(false);
          model.members.delete(id);
          model.halfDeleted.delete(id);
          model.deleted.add(id);
        } else if (!pool.has(id)) {
          model.members.delete(id);
          model.halfDeleted.add(id);
          figures.halfDeleted += 1;
        }
      }
      for (const id of model.halfDeleted) expect(pool.has(id), `account of ${id} came back`).toBe(false);
      for (const id of model.members) {
        expect(present.has(id), `acknowledged member ${id} lost`).toBe(true);
        expect(pool.has(id), `acknowledged member ${id} has no account`).toBe(true);
      }
      for (const id of model.deleted) {
        expect(present.has(id), `acknowledged deletion of ${id} undone`).toBe(false);
        expect(pool.has(id), `deleted member ${id} still has an account`).toBe(false);
      }
      if (pending?.kind === 'create') {
        const created = rows.find((r) => r.email === pending.email);
        if (created) model.members.add(created.id);
      }
      // Nothing else appeared: every member row is a known user, an acknowledged or the in-flight creation.
      for (const row of rows) {
        const expected =
          model.known.some((u) => u.id === row.id) ||
          model.members.has(row.id) ||
          model.halfDeleted.has(row.id);
        expect(expected, `unexpected member ${row.email}`).toBe(true);
      }
      model.pending = undefined;
    }
  });
}

describe(`kill -9 during writes (${onPostgres ? 'PostgreSQL' : 'PGlite DATA_DIR'})`, () => {
  it(`keeps every acknowledged write over ${ROUNDS} kills`, {
    timeout: 180_000 + ROUNDS * 60_000,
  }, async () => {
    port = String(await freePort());
    for (let round = 1; round <= ROUNDS; round++) {
      const server = await startServer(serverEnv());
      try {
        if (round === 1)
          for (const model of models) for (const user of model.known) await signInKnown(server, user);
        let killed = false;
        const acknowledgedBefore = figures.acknowledged;
        const workers = Promise.allSettled(
          models.map((model) => writeUntilKilled(server, model, round, () => killed)),
        );
        // Kill once the writes are under way (a few acknowledged, however busy the machine), at a random point.
        const deadline = Date.now() + 20_000;
        while (figures.acknowledged - acknowledgedBefore < 4 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
        killed = true;
        await server.kill9();
        for (const result of await workers) if (result.status === 'rejected') throw result.reason;
      } catch (error) {
        await server.kill9();
        throw new Error(`${(error as Error).message}\n${server.stderr()}`);
      }
      figures.rounds += 1;
      await verifyAndSettle();
    }

    // A last restart on the same data: the API serves what the database holds.
    const server = await startServer(serverEnv());
    try {
      for (const model of models) {
        const owner = model.known.find((u) => u.id === model.owner) as KnownUser;
        const list = await call(server, 'GET', `/api/reseller/v1/companies/${model.id}/users`, owner.session);
        const ids = new Set(list.items.map((m: { userId: string }) => m.userId));
        for (const id of model.members) expect(ids.has(id)).toBe(true);
        const info = await call(server, 'GET', '/api/reseller/v1/companies/info', owner.session);
        expect(info.owner).toBe(true);
        expect(info.name).toBe(model.name);
      }
    } finally {
      await server.stop();
    }
    console.info(
      `kill -9 (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${figures.rounds} kills, ${figures.acknowledged} acknowledged writes kept, ${figures.inFlight} cut in flight (${figures.halfDeleted} deletions left half done, completed by deleting again)`,
    );
    expect(figures.acknowledged).toBeGreaterThan(ROUNDS * 3);
  });
});
