import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.ts';

export interface SessionCaller {
  userId: string;
  companyId: string;
}

/** The signed-in user's company, read fresh (a member moved or removed loses access at once). */
export async function sessionCaller(app: FastifyInstance, request: FastifyRequest): Promise<SessionCaller> {
  const sub = request.session?.sub;
  if (!sub) throw unauthorized();
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('id', '=', sub)
    .executeTakeFirst();
  if (!user) throw unauthorized('Your account is no longer a member of a company');
  return { userId: user.id, companyId: user.company_id };
}
