import type { FastifyPluginAsync } from 'fastify';
import { companyScopedRoutes } from './company-routes.ts';
import { organizationScopedRoutes } from './organization-routes.ts';

/**
 * Second platform (ARCHITECTURE §3): calls about one organization take that organization's token,
 * company-wide calls the company token (each route's `config.caller`); the other kind is refused with 401.
 */
export const platformService: FastifyPluginAsync = async (app) => {
  await app.register(companyScopedRoutes);
  await app.register(organizationScopedRoutes);
};
