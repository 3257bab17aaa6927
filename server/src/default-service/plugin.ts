import type { FastifyPluginAsync } from 'fastify';

/** Default service (session token): license catalogue and inventory, organization metadata, remote access. */
export const defaultServiceService: FastifyPluginAsync = async (_app) => {
  // Routes arrive with the issues that need them.
};
