import type { FastifyPluginAsync } from 'fastify';

/** OBM backend (session token): company statistics, login records. */
export const obmService: FastifyPluginAsync = async (_app) => {
  // Routes arrive with the issues that need them.
};
