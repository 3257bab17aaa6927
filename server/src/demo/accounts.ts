import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../infrastructure/db/types.ts';
import {
  createPoolUser,
  findPoolUser,
  type PoolSettings,
  setPoolUserPassword,
} from '../services/identity/users.ts';
import type { DemoAccount } from './dataset.ts';
import { type DemoPerson, demoCompaniesFor } from './hierarchy.ts';
import { demoPassword, storedDemoPassword } from './passwords.ts';

/** One line of DATA_DIR/demo-accounts.json. */
export interface DemoAccountEntry {
  email: string;
  password: string;
  role: string;
  companyId: string;
  owner: boolean;
  temporary: boolean;
}

/**
 * Creates the identity pool users of the demo accounts, with the domain users' ids as their `sub` and
 * generated passwords (kept in the database, see demoPassword).
 */
export async function createDemoAccounts(
  db: Kysely<DB>,
  accounts: readonly DemoAccount[],
  settings: PoolSettings,
): Promise<void> {
  for (const account of accounts) {
    await createPoolUser(
      db,
      {
        sub: account.userId,
        email: account.email,
        name: account.name,
        password: await demoPassword(db, account.email),
        temporary: account.temporary ?? false,
        locale: account.locale ?? 'en',
      },
      settings,
    );
  }
}

const demoPeople = () =>
  new Map<string, DemoPerson>(
    // Every set's companies (xlarge holds them all): the accounts present in the database are listed.
    demoCompaniesFor('xlarge')
      .flatMap((company) => [company.owner, ...company.members])
      .map((p) => [p.email, p]),
  );

/**
 * Demo accounts seeded by an older version still have the passwords that were published in its source:
 * they get generated ones, like new seeds (a temporary-password account stays on a temporary one).
 */
export async function replacePublishedDemoPasswords(db: Kysely<DB>, settings: PoolSettings): Promise<number> {
  let replaced = 0;
  for (const person of demoPeople().values()) {
    if ((await storedDemoPassword(db, person.email)) !== undefined) continue;
    const user = await findPoolUser(db, person.email);
    if (!user) continue;
    const temporary = user.status === 'FORCE_CHANGE_PASSWORD';
    await setPoolUserPassword(db, settings, user, await demoPassword(db, person.email), temporary);
    replaced++;
  }
  return replaced;
}

/** The demo accounts present in the database (whichever size was seeded), with their demo passwords. */
export async function listDemoAccounts(db: Kysely<DB>): Promise<DemoAccountEntry[]> {
  const people = demoPeople();
  const rows = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.email', 'users.company_id', 'companies.roles', 'companies.owner_user_id'])
    .where('users.email', 'in', [...people.keys()])
    .execute();
  const order = [...people.keys()];
  rows.sort((a, b) => order.indexOf(a.email) - order.indexOf(b.email));
  return Promise.all(
    rows.map(async (row) => ({
      email: row.email,
      password: await demoPassword(db, row.email),
      role: row.roles[0] ?? 'dealer',
      companyId: row.company_id,
      owner: row.owner_user_id === row.id,
      temporary: people.get(row.email)!.temporary ?? false,
    })),
  );
}

export async function writeAccountsFile(dataDir: string, accounts: DemoAccountEntry[]): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'demo-accounts.json');
  await writeFile(file, `${JSON.stringify(accounts, null, 2)}\n`);
  return file;
}

/** The demo accounts as a table for a person at a terminal: a header row and columns as wide as their widest cell. */
export function formatAccounts(accounts: DemoAccountEntry[]): string {
  const rows = [
    ['Account', 'Password', 'Role', 'Company role'],
    ...accounts.map((a) => [
      a.email,
      a.password,
      a.role,
      `${a.owner ? 'owner' : 'member'}${a.temporary ? ' (temporary password)' : ''}`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`.trimEnd();
  return [line(rows[0]!), line(widths.map((width) => '-'.repeat(width))), ...rows.slice(1).map(line)].join(
    '\n',
  );
}
