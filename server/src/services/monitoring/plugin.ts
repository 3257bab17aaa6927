import type { FastifyPluginAsync } from 'fastify';
import { siteStatusRoutes } from './site-status-routes.ts';

/** Monitoring centre (company token): site status of the second platform's devices. */
export const monitoringService: FastifyPluginAsync = async (app) => {
  await app.register(siteStatusRoutes);
};
