import type { FastifyPluginAsync } from 'fastify';
import { eventRoutes } from './event-routes.ts';
import { incidentRoutes } from './incident-routes.ts';
import { organizationRoutes } from './organization-routes.ts';
import { siteRoutes } from './site-routes.ts';
import { statisticsRoutes } from './statistics-routes.ts';

/** First platform (company token): organizations, sites, devices, statistics, incidents and their live changes. */
export const userPortalService: FastifyPluginAsync = async (app) => {
  await app.register(organizationRoutes);
  await app.register(siteRoutes);
  await app.register(statisticsRoutes);
  await app.register(incidentRoutes);
  await app.register(eventRoutes);
};
