import type { FastifyPluginAsync } from 'fastify';
import { organizationRoutes } from './organization-routes.ts';
import { siteRoutes } from './site-routes.ts';
import { statisticsRoutes } from './statistics-routes.ts';

/** First platform (company token): organizations, sites, devices, statistics. */
export const userPortalService: FastifyPluginAsync = async (app) => {
  await app.register(organizationRoutes);
  await app.register(siteRoutes);
  await app.register(statisticsRoutes);
};
