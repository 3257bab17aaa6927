import type { FastifyPluginAsync } from 'fastify';

/** Monitoring centre (company token): site status. */
export const monitoringService: FastifyPluginAsync = async (_app) => {
  // Routes arrive with the issues that need them.
};
