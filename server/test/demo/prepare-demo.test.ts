import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isValidPassword } from '@portal/contracts/password-policy';
import { profileNameSchema } from '@portal/contracts/validation';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoAccountEntry, formatAccounts } from '../../src/demo/accounts.ts';
import { DEMO_COMPANIES } from '../../src/demo/hierarchy.ts';
import { prepareDemo } from '../../src/demo/prepare.ts';
import { loadConfig } from '../../src/infrastructure/config/config.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { verifyPassword } from '../../src/services/identity/password-hash.ts';
import { findPoolUser, setPoolUserPassword } from '../../src/services/identity/users.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

let database: Database;
let dataDir: string;
const messages: string[] = [];
const log = {
  info: (...args: unknown[]) =>
    messages.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ')),
} as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'demo-'));
});
afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('prepareDemo', () => {
  it('seeds an empty database once, writes and prints the demo accounts at every start', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await prepareDemo({ config, db: database.db, log });
    const accounts: DemoAccountEntry[] = JSON.parse(
      await readFile(path.join(dataDir, 'demo-accounts.json'), 'utf8'),
    );

    const dealerOwners = accounts.filter((a) => a.role === 'dealer' && a.owner);
    // Northwind, Jade Harbor and two more dealers under each of the three distributors.
    expect(dealerOwners).toHaveLength(8);
    expect(accounts.some((a) => a.role === 'dealer' && !a.owner)).toBe(true);
    expect(accounts.some((a) => a.role === 'disty')).toBe(true);
    expect(accounts.some((a) => a.role === 'hq-pm')).toBe(true);
    expect(accounts.filter((a) => a.temporary)).toHaveLength(1);
    for (const account of accounts) expect(isValidPassword(account.password), account.email).toBe(true);

    // Each account signs in as the pool user whose sub is the domain user's id.
    const owner = dealerOwners[0]!;
    const poolUser = await findPoolUser(database.db, owner.email);
    const domainUser = await database.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', owner.email)
      .executeTakeFirstOrThrow();
    expect(poolUser?.sub).toBe(domainUser.id);
    expect(domainUser.company_id).toBe(owner.companyId);

    const companies = await database.db.selectFrom('companies').select('id').execute();
    await prepareDemo({ config, db: database.db, log });
    expect(await database.db.selectFrom('companies').select('id').execute()).toHaveLength(companies.length);
    expect(messages.filter((m) => m.includes(owner.email))).toHaveLength(2);
    // Not a terminal here: the log line holds the accounts as data, and no password.
    expect(messages.some((m) => m.includes(owner.password))).toBe(false);
  });

  it('prints the accounts as a table with aligned columns for a terminal', () => {
    const table = formatAccounts([
      {
        email: 'region.north-america@lumora.example',
        password: 'aB3e-egBp-CxW8',
        role: 'region',
        companyId: 'c',
        owner: true,
        temporary: false,
      },
      {
        email: 'a@b.example',
        password: 'Xy1-Short',
        role: 'dealer',
        companyId: 'd',
        owner: false,
        temporary: true,
      },
    ]).split('\n');
    expect(table).toHaveLength(4);
    expect(table[0]).toMatch(/^ {2}Account +Password +Role +Company role$/);
    const passwordColumn = table[0]!.indexOf('Password');
    expect(table[2]!.indexOf('aB3e-egBp-CxW8')).toBe(passwordColumn);
    expect(table[3]!.indexOf('Xy1-Short')).toBe(passwordColumn);
    expect(table[3]).toMatch(/member \(temporary password\)$/);
  });

  it('generates the passwords: none is in the source, and every start keeps them', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const read = async (): Promise<DemoAccountEntry[]> =>
      JSON.parse(await readFile(path.join(dataDir, 'demo-accounts.json'), 'utf8'));
    const before = await read();
    for (const account of before) expect(account.password).not.toMatch(/Demo-2025/);
    expect(new Set(before.map((a) => a.password)).size).toBe(before.length);
    await prepareDemo({ config, db: database.db, log });
    expect(await read()).toEqual(before);
  });

  it('gives accounts seeded by an older version, with published passwords, generated ones', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const email = 'owner@northwind.example';
    await database.db.deleteFrom('identity_secrets').where('name', '=', `demo-password:${email}`).execute();
    const user = (await findPoolUser(database.db, email))!;
    await setPoolUserPassword(database.db, config, user, 'Owner-Demo-2025', false);
    await prepareDemo({ config, db: database.db, log });
    const accounts: DemoAccountEntry[] = JSON.parse(
      await readFile(path.join(dataDir, 'demo-accounts.json'), 'utf8'),
    );
    const password = accounts.find((a) => a.email === email)!.password;
    expect(password).not.toBe('Owner-Demo-2025');
    const updated = (await findPoolUser(database.db, email))!;
    expect(await verifyPassword(updated.password_hash, password)).toBe(true);
    expect(await verifyPassword(updated.password_hash, 'Owner-Demo-2025')).toBe(false);
  });

  it('lets a demo user sign in with the written password and save a small edit of their name', async () => {
    const accounts: DemoAccountEntry[] = JSON.parse(
      await readFile(path.join(dataDir, 'demo-accounts.json'), 'utf8'),
    );
    const member = accounts.find((a) => a.email === 'member@northwind.example')!;
    const t = await buildTestApp({ DATA_DIR: dataDir }, { database });
    try {
      const { idToken } = await signIn(t.app, member.email, member.password);
      const me = (
        await t.app.inject({ method: 'GET', url: '/api/reseller/v1/me', headers: bearer(idToken) })
      ).json();
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/reseller/v1/users/${me.profile.userId}`,
        headers: bearer(idToken),
        payload: { name: `${me.profile.name}2` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().name).toBe(`${me.profile.name}2`);
    } finally {
      await t.close();
    }
  });

  it("gives every demo person a profile name SPEC §5's rule accepts (no spaces)", () => {
    for (const company of DEMO_COMPANIES) {
      for (const person of [company.owner, ...company.members]) {
        expect(profileNameSchema.safeParse(person.name).success, person.name).toBe(true);
      }
    }
  });
});
