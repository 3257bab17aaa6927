import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { srpGroupPrepared } from '../../src/services/identity/srp/srp-math.ts';
import { buildCompany, TEST_PASSWORD } from '../helpers/factories.ts';
import { signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/**
 * Issue 24 item 3: the first sign-in after a start took 5 s, most of it made on first use: the SRP group's
 * Diffie-Hellman object (Node 24 checks the prime, ~1.4 s) and an RS256 key pair per token kind on a fresh
 * database. With WARM_UP (on by default) the app makes them before it is ready, so before it listens.
 */
const kinds = async (database: Database) =>
  (await database.db.selectFrom('identity_signing_keys').select(['purpose', 'kid']).execute()).sort((a, b) =>
    a.purpose.localeCompare(b.purpose),
  );

const kidOf = (jwt: string): string =>
  (JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;

describe('warm-up at start', () => {
  let database: Database;
  let test: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase();
    expect(srpGroupPrepared()).toBe(false);
    expect(await kinds(database)).toEqual([]);
    test = await buildTestApp({ WARM_UP: 'true' }, { database });
  });
  afterAll(async () => {
    await test.close();
    await database.close();
  });

  it('has the SRP group and the sign-in signing keys ready before the first request', async () => {
    expect(srpGroupPrepared()).toBe(true);
    expect((await kinds(database)).map((key) => key.purpose)).toEqual(['access', 'id', 'tenant']);
  });

  it('signs the first sign-in with the keys made at start', async () => {
    const warmed = new Map((await kinds(database)).map((key) => [key.purpose, key.kid]));
    const company = await buildCompany(database.db);
    const tokens = await signIn(test.app, company.owner.email, TEST_PASSWORD);
    expect(kidOf(tokens.idToken)).toBe(warmed.get('id'));
    expect(kidOf(tokens.accessToken)).toBe(warmed.get('access'));
    expect(await kinds(database)).toHaveLength(3);
  });
});

describe('without the warm-up (tests)', () => {
  it('makes nothing at start', async () => {
    const fresh = await openTestDatabase();
    const test = await buildTestApp({}, { database: fresh });
    try {
      expect(await kinds(fresh)).toEqual([]);
    } finally {
      await test.close();
      await fresh.close();
    }
  });
});
