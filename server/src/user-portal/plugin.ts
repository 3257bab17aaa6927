import type { FastifyPluginAsync } from 'fastify';

/** First platform (company token): organizations, sites, devices, statistics. */
export const userPortalService: FastifyPluginAsync = async (_app) => {
  // Routes arrive with the issues that need them.
};
