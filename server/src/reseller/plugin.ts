import type { FastifyPluginAsync } from 'fastify';

/** Main reseller backend (session token): company, members, profile, token exchange. */
export const resellerService: FastifyPluginAsync = async (_app) => {
  // Routes arrive with the issues that need them.
};
