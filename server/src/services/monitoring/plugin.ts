import type { FastifyPluginAsync } from 'fastify';
import { requireTenantToken } from '../../auth/tenant-auth.ts';
import { siteStatusRoutes } from './site-status-routes.ts';

/** Monitoring centre (company token): site status of the second platform's devices. */
export const monitoringService: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireTenantToken(app, ['company']));
  await app.register(siteStatusRoutes);
};
