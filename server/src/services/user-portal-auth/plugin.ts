import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { requireTenantToken } from '../../auth/tenant-auth.ts';
import { consumeRoutes, issueRoutes } from './routes.ts';

/** User-portal auth (company token): one-time tokens that open a customer's user portal. */
export const userPortalAuthService: FastifyPluginAsync = async (app) => {
  await app.register(async (scoped: FastifyInstance) => {
    scoped.addHook('onRequest', requireTenantToken(scoped, ['company']));
    await scoped.register(issueRoutes);
  });
  await app.register(consumeRoutes);
};
