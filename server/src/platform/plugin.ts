import type { FastifyPluginAsync } from 'fastify';

/** Second platform (organization or company token): services, devices, statistics. */
export const platformService: FastifyPluginAsync = async (_app) => {
  // Routes arrive with the issues that need them.
};
