import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { requireTenantToken } from '../../auth/tenant-auth.ts';
import { companyScopedRoutes } from './company-routes.ts';
import { organizationScopedRoutes } from './organization-routes.ts';

/**
 * Second platform (ARCHITECTURE §3): calls about one organization take that organization's token,
 * company-wide calls the company token; the other kind is refused with 401.
 */
export const platformService: FastifyPluginAsync = async (app) => {
  await app.register(async (scoped: FastifyInstance) => {
    scoped.addHook('onRequest', requireTenantToken(scoped, ['company']));
    await scoped.register(companyScopedRoutes);
  });
  await app.register(async (scoped: FastifyInstance) => {
    scoped.addHook('onRequest', requireTenantToken(scoped, ['organization']));
    await scoped.register(organizationScopedRoutes);
  });
};
