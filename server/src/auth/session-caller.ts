import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../domain/errors.ts';
import { loadAuthority } from './authority.ts';

export interface SessionCaller {
  userId: string;
  companyId: string;
}

/**
 * The signed-in user's company, read fresh (a member moved or removed loses access at once): the access
 * guard's reading when the route declares access, else one query here.
 */
export async function sessionCaller(app: FastifyInstance, request: FastifyRequest): Promise<SessionCaller> {
  if (request.authority) return request.authority;
  const sub = request.session?.sub;
  if (!sub) throw unauthorized();
  const authority = await loadAuthority(app.db, sub);
  if (!authority) throw unauthorized('Your account is no longer a member of a company');
  return authority;
}
