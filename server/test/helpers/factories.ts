import { randomUUID } from 'node:crypto';
import type { BrandId } from '@portal/contracts/brands';
import type { Role } from '@portal/contracts/roles';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/infrastructure/db/types.ts';
import { createPoolUser } from '../../src/services/identity/users.ts';

/** Test data built for each test, with overrides, instead of leaning on the demo data set. */

export const TEST_PASSWORD = 'Passw0rdTest';
let sequence = 0;
const next = () => ++sequence;

export interface BuiltUser {
  id: string;
  email: string;
  name: string;
  password: string;
}

export interface BuiltCompany {
  id: string;
  name: string;
  owner: BuiltUser;
}

/** A company with its owner, who can sign in with TEST_PASSWORD. */
export async function buildCompany(
  db: Kysely<DB>,
  overrides: {
    name?: string;
    roles?: Role[];
    vendor?: BrandId;
    ownerEmail?: string;
    parentCompanyId?: string;
  } = {},
): Promise<BuiltCompany> {
  const n = next();
  const companyId = randomUUID();
  const email = overrides.ownerEmail ?? `owner${n}.${companyId.slice(0, 6)}@example.test`;
  const { sub } = await createPoolUser(db, {
    email,
    name: `Owner${n}`,
    password: TEST_PASSWORD,
    temporary: false,
  });
  const name = overrides.name ?? `Company ${n}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('companies')
      .values({
        id: companyId,
        name,
        roles: overrides.roles ?? ['dealer'],
        vendor: overrides.vendor ?? 'lumora',
        owner_user_id: sub,
        parent_company_id: overrides.parentCompanyId ?? null,
        region_id: null,
      })
      .execute();
    await trx
      .insertInto('users')
      .values({ id: sub, email, name: `Owner${n}`, company_id: companyId })
      .execute();
  });
  return { id: companyId, name, owner: { id: sub, email, name: `Owner${n}`, password: TEST_PASSWORD } };
}

/** A member (not the owner) of the company. */
export async function buildMember(
  db: Kysely<DB>,
  company: { id: string },
  overrides: { email?: string; name?: string; temporary?: boolean } = {},
): Promise<BuiltUser> {
  const n = next();
  const email = overrides.email ?? `member${n}.${randomUUID().slice(0, 6)}@example.test`;
  const name = overrides.name ?? `Member${n}`;
  const { sub } = await createPoolUser(db, {
    email,
    name,
    password: TEST_PASSWORD,
    temporary: overrides.temporary ?? false,
  });
  await db.insertInto('users').values({ id: sub, email, name, company_id: company.id }).execute();
  return { id: sub, email, name, password: TEST_PASSWORD };
}

/** A customer organization managed by the company. */
export async function buildOrganization(
  db: Kysely<DB>,
  company: { id: string },
  overrides: { name?: string; reference?: string } = {},
): Promise<{ id: string; name: string }> {
  const n = next();
  const name = overrides.name ?? `Customer ${n}`;
  const row = await db
    .insertInto('organizations')
    .values({ company_id: company.id, name, reference: overrides.reference ?? `REF-${n}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}
