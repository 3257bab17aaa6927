import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../domain/errors.ts';
import { assertAccess } from './access-rule.ts';
import { loadAuthority } from './authority.ts';

/**
 * The one check behind every route's `config.access` (SPEC §6, ARCHITECTURE §3: on the server, never only
 * in the UI). It runs after the route's token check and before its body is validated, so a caller without
 * the role learns nothing from validation errors. Tenant-token routes already read the authority with
 * their membership check; session routes read it here, and their handlers reuse it.
 */
export function registerAccessGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule) return;
    if (!request.authority) {
      const sub = request.session?.sub;
      if (!sub) throw unauthorized();
      const authority = await loadAuthority(app.db, sub);
      if (!authority) throw unauthorized('Your account is no longer a member of a company');
      request.authority = authority;
    }
    assertAccess(rule, request.authority);
  });
}
