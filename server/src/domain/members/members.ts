import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { EXTRA_TYPES } from '@portal/contracts/api-error';
import type { Member } from '@portal/contracts/reseller';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { changeAsOwner } from '../companies/owner-change.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { isUuid } from '../uuid.ts';
import type { Caller } from './caller.ts';

/** SPEC §8: the message of a duplicate member. */
export const EMAIL_EXISTS_MESSAGE = 'The Email Already Exists.';

/** What member changes need besides the database: the identity pool's admin API. */
export interface MemberDeps {
  db: Kysely<DB>;
  identity: CognitoIdentityProviderClient;
  userPoolId: string;
}

export function assertOwnCompany(caller: Caller, companyId: string): void {
  if (companyId !== caller.companyId) throw notFound('Company not found');
}

export function assertOwner(caller: Caller): void {
  if (!caller.isOwner) throw forbidden('Only the company owner can do this.');
}

export async function listMembers(db: Kysely<DB>, companyId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('company_id', '=', companyId)
    .orderBy(sql`lower(email)`)
    .execute();
  return rows.map((row) => ({ userId: row.id, name: row.name, email: row.email }));
}

/**
 * Creates the identity account (temporary password mailed by the pool), then the member row. The identity
 * call happens outside any transaction (the pool may share our database); if the member row cannot be
 * written afterwards, the account is deleted again, so no half-created member remains.
 */
export async function createMember(
  deps: MemberDeps,
  caller: Caller,
  input: { email: string; name: string; locale: 'en' | 'zh-TW' },
): Promise<Member> {
  const { db, identity, userPoolId } = deps;
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', input.email.toLowerCase())
    .executeTakeFirst();
  if (taken) throw conflict(EMAIL_EXISTS_MESSAGE, EXTRA_TYPES.userExist);

  let sub: string;
  try {
    const created = await identity.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: input.email,
        DesiredDeliveryMediums: ['EMAIL'],
        // The invitation is mailed before the member row exists: the company's brand for it (decision 0022).
        ClientMetadata: { brand: caller.vendor },
        UserAttributes: [
          { Name: 'email', Value: input.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: input.name },
          { Name: 'locale', Value: input.locale },
        ],
      }),
    );
    const subAttribute = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (!subAttribute) throw new Error('identity service returned no sub');
    sub = subAttribute;
  } catch (error) {
    if (error instanceof UsernameExistsException || (error as Error).name === 'AliasExistsException') {
      throw conflict(EMAIL_EXISTS_MESSAGE, EXTRA_TYPES.userExist);
    }
    throw error;
  }

  try {
    await changeAsOwner(db, caller, async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id: sub,
          email: input.email,
          name: input.name,
          locale: input.locale,
          company_id: caller.companyId,
        })
        .execute();
      return {
        action: 'member.create',
        targetType: 'user',
        targetId: sub,
        after: { email: input.email, name: input.name },
        details: { email: input.email, name: input.name },
      };
    });
  } catch (error) {
    await identity
      .send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: input.email }))
      .catch(() => undefined);
    if ((error as { code?: string }).code === '23505')
      throw conflict(EMAIL_EXISTS_MESSAGE, EXTRA_TYPES.userExist);
    throw error;
  }
  return { userId: sub, name: input.name, email: input.email };
}

/**
 * Signs the account out everywhere and deletes it from the pool first, then removes the member. If the
 * second step fails the member stays listed but can no longer sign in, and deleting again completes it.
 */
export async function deleteMember(deps: MemberDeps, caller: Caller, userId: string): Promise<void> {
  const { db, identity, userPoolId } = deps;
  if (!isUuid(userId)) throw notFound('Member not found');
  const target = await db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('id', '=', userId)
    .where('company_id', '=', caller.companyId)
    .executeTakeFirst();
  if (!target) throw notFound('Member not found');
  if (target.id === caller.userId) throw badRequest('The owner cannot be deleted.');

  for (const command of [
    new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: target.email }),
    new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: target.email }),
  ]) {
    try {
      await identity.send(command as AdminDeleteUserCommand);
    } catch (error) {
      if (!(error instanceof UserNotFoundException)) throw error;
    }
  }

  await changeAsOwner(db, caller, async (trx) => {
    // Still the owner: the owner is the caller, whom the check above already kept from deleting themselves.
    if (caller.userId === target.id) throw badRequest('The owner cannot be deleted.');
    // A deletion of the same member racing this one (e.g. through another server process) may have
    // committed while we waited for the company lock: then there is nothing to delete nor to audit.
    const removed = await trx
      .deleteFrom('users')
      .where('id', '=', target.id)
      .where('company_id', '=', caller.companyId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) throw notFound('Member not found');
    return {
      action: 'member.delete',
      targetType: 'user',
      targetId: target.id,
      targetName: target.name || target.email,
      before: { email: target.email, name: target.name },
      details: { email: target.email },
    };
  });
}

/**
 * One conditional UPDATE: it succeeds only while the caller is still the owner, so two racing transfers
 * leave exactly one owner (the schema allows no other count).
 */
export async function transferOwnership(db: Kysely<DB>, caller: Caller, newOwnerId: string): Promise<void> {
  if (!isUuid(newOwnerId)) throw notFound('Member not found');
  const target = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', '=', newOwnerId)
    .where('company_id', '=', caller.companyId)
    .executeTakeFirst();
  if (!target) throw notFound('Member not found');
  await changeAsOwner(db, caller, async (trx) => {
    await trx
      .updateTable('companies')
      .set({ owner_user_id: newOwnerId })
      .where('id', '=', caller.companyId)
      .execute();
    return {
      action: 'company.owner.transfer',
      targetType: 'user',
      targetId: newOwnerId,
      before: { owner: caller.name || caller.email },
      after: { owner: target.name || target.email },
      details: { previousOwner: caller.userId },
    };
  });
}
