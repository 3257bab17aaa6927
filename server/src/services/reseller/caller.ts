import { DEFAULT_ROLE, type Role } from '@portal/contracts/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../domain/errors.ts';

/** The signed-in user as the reseller service sees them: their membership, read fresh on every request. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  companyId: string;
  isOwner: boolean;
  /** The first of the company's roles (SPEC §3 User: current role, default dealer). */
  role: Role;
}

/**
 * Ownership comes from the database on every request, never from a token, so an owner transfer gives and
 * takes authority immediately (SPEC §4 Owner transfer).
 */
export async function loadCaller(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  const sub = request.session?.sub;
  if (!sub) throw unauthorized();
  const row = await app.db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.email',
      'users.name',
      'users.company_id',
      'companies.owner_user_id',
      'companies.roles',
    ])
    .where('users.id', '=', sub)
    .executeTakeFirst();
  // A valid session of someone who is no longer a member: treated like any other bad session.
  if (!row) throw unauthorized('Your account is no longer a member of a company');
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    companyId: row.company_id,
    isOwner: row.owner_user_id === row.id,
    role: row.roles[0] ?? DEFAULT_ROLE,
  };
}
