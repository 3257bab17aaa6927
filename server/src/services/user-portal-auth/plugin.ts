import type { FastifyPluginAsync } from 'fastify';
import { consumeRoutes, issueRoutes } from './routes.ts';

/** User-portal auth (company token): one-time tokens that open a customer's user portal. */
export const userPortalAuthService: FastifyPluginAsync = async (app) => {
  await app.register(issueRoutes);
  await app.register(consumeRoutes);
};
